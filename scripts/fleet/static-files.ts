/**
 * The edge's static root (docs/decisions/fleet.md "Old builds' static files at the edge"): every
 * published build's `.next/static` files under `<root>/_next/static/`, a gzip copy beside each
 * text file (nginx's gzip_static), and `<root>/builds.json`, the published builds in order.
 *
 * - publish: before any instance of the build starts. Names are content-hashed, so builds merge;
 *   a name another build holds with other bytes stops the publish before it writes anything.
 * - prune: after a rollout has ended, and daily. A build counts as superseded from the first prune
 *   that sees a newer one; its files go `KEEP_MS` after that, never while it is the newest or the
 *   one before, and never a file a kept build lists too. Given the edge cache's folder, the same run
 *   first removes the pages it made more than `KEEP_MS` ago, so no page left points at a removed file.
 *
 * Used by scripts/fleet/fleet.ts (`npm run fleet`, the tests) and the README's deploy steps:
 *   npx tsx scripts/fleet/static-files.ts publish <root> [<distDir>, default .next]
 *   npx tsx scripts/fleet/static-files.ts prune <root> [--edge-cache <dir>]
 */
import { gzipSync } from 'node:zlib'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

/** Seven days: how long a superseded build's files stay, and the oldest page any cache keeps. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000
const INDEX = 'builds.json'
const GZIP = /\.(js|css|json|svg|txt|map)$/

export interface PublishedBuild {
  id: string
  publishedAt: number
  /** Set by the first prune that sees a newer build: from then on no instance serves it. */
  supersededAt: number | null
  /** Paths under the root (`_next/static/…`), without their `.gz` copies. */
  files: string[]
}

export interface StaticIndex {
  /** Oldest first: the last is the newest. */
  builds: PublishedBuild[]
}

/** Which builds a prune at `now` keeps, and which files go (pure: no disk). */
export function planPrune(index: StaticIndex, now: number, keepMs = KEEP_MS): { index: StaticIndex; remove: string[] } {
  const newest = index.builds.length - 1
  const marked = index.builds.map((build, i) => (i < newest && build.supersededAt === null ? { ...build, supersededAt: now } : build))
  const kept = marked.filter((build, i) => i >= newest - 1 || build.supersededAt === null || now - build.supersededAt < keepMs)
  const keptFiles = new Set(kept.flatMap((build) => build.files))
  const remove = [...new Set(marked.filter((build) => !kept.includes(build)).flatMap((build) => build.files))].filter((file) => !keptFiles.has(file))
  return { index: { builds: kept }, remove }
}

export function readIndex(root: string): StaticIndex {
  const path = join(root, INDEX)
  if (!existsSync(path)) return { builds: [] }
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as StaticIndex
  if (!Array.isArray(parsed.builds)) throw new Error(`${path}: no builds list`)
  return parsed
}

/** Written beside, then renamed: a reader (nginx, another step) never sees half a file. */
function writeAtomically(path: string, data: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.tmp`
  writeFileSync(temp, data)
  renameSync(temp, path)
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : []
  })
}

export interface PublishResult {
  id: string
  files: number
  /** Files this build shares with one published before (same name, same bytes). */
  shared: number
}

/** Copies `<distDir>/static` into the root and lists the build as the newest. */
export function publishBuild(root: string, distDir: string, now: number = Date.now()): PublishResult {
  const id = readFileSync(join(distDir, 'BUILD_ID'), 'utf8').trim()
  const source = join(distDir, 'static')
  const files = filesUnder(source).map((path) => ({ path, name: ['_next', 'static', ...relative(source, path).split(sep)].join('/') }))
  if (files.length === 0) throw new Error(`${source}: no static files (is ${distDir} a build?)`)
  // Every name checked before anything is written.
  const fresh: { path: string; name: string; bytes: Buffer }[] = []
  for (const file of files) {
    const bytes = readFileSync(file.path)
    const target = join(root, file.name)
    if (!existsSync(target)) fresh.push({ ...file, bytes })
    else if (!readFileSync(target).equals(bytes)) throw new Error(`${file.name}: published already with other bytes; the build's names must be content-hashed`)
  }
  for (const file of fresh) {
    if (GZIP.test(file.name)) writeAtomically(join(root, `${file.name}.gz`), gzipSync(file.bytes, { level: 9 }))
    writeAtomically(join(root, file.name), file.bytes)
  }
  // Published again (a rollback to it): it is the newest once more.
  const index = readIndex(root)
  const builds = [
    ...index.builds.filter((build) => build.id !== id),
    { id, publishedAt: now, supersededAt: null, files: files.map((file) => file.name).sort() },
  ]
  writeAtomically(join(root, INDEX), `${JSON.stringify({ builds }, null, 2)}\n`)
  return { id, files: files.length, shared: files.length - fresh.length }
}

export interface PruneResult {
  removedBuilds: string[]
  removedFiles: number
  removedPages: number
}

/** The edge cache's files made more than `keepMs` ago (nginx takes a missing file for a miss). */
export function pruneEdgeCache(dir: string, now: number, keepMs = KEEP_MS): number {
  let removed = 0
  for (const path of filesUnder(dir)) {
    if (now - statSync(path).mtimeMs > keepMs) {
      rmSync(path, { force: true })
      removed++
    }
  }
  return removed
}

export function pruneStatic(root: string, now: number = Date.now(), options: { edgeCache?: string; keepMs?: number } = {}): PruneResult {
  const keepMs = options.keepMs ?? KEEP_MS
  const removedPages = options.edgeCache === undefined ? 0 : pruneEdgeCache(options.edgeCache, now, keepMs)
  const before = readIndex(root)
  const { index, remove } = planPrune(before, now, keepMs)
  for (const name of remove) {
    for (const path of [join(root, name), join(root, `${name}.gz`)]) rmSync(path, { force: true })
    removeEmptyParents(root, dirname(join(root, name)))
  }
  writeAtomically(join(root, INDEX), `${JSON.stringify(index, null, 2)}\n`)
  const keptIds = new Set(index.builds.map((build) => build.id))
  return { removedBuilds: before.builds.filter((build) => !keptIds.has(build.id)).map((build) => build.id), removedFiles: remove.length, removedPages }
}

function removeEmptyParents(root: string, dir: string): void {
  for (let at = dir; at.startsWith(root) && at !== root; at = dirname(at)) {
    if (readdirSync(at).length > 0) return
    rmdirSync(at)
  }
}

if (require.main === module) {
  const [command, root, ...rest] = process.argv.slice(2)
  if ((command !== 'publish' && command !== 'prune') || root === undefined) {
    console.error('usage: static-files.ts publish <root> [<distDir>] | prune <root> [--edge-cache <dir>]')
    process.exit(64)
  }
  if (command === 'publish') {
    const result = publishBuild(root, rest[0] ?? '.next')
    console.log(`published build ${result.id}: ${result.files} files (${result.shared} already there) in ${root}`)
  } else {
    const at = rest.indexOf('--edge-cache')
    const result = pruneStatic(root, Date.now(), at >= 0 ? { edgeCache: rest[at + 1] } : {})
    console.log(`pruned ${root}: builds ${result.removedBuilds.join(', ') || 'none'}, ${result.removedFiles} files, ${result.removedPages} edge pages`)
  }
}
