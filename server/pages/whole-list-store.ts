import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

/**
 * The versions of the markets page's whole list one process can serve, per region and language
 * (docs/decisions/pages.md "The whole list is one immutable resource"): the last `keep` it made, in
 * memory and written through to disk, because a page stored by ISR outlives the process that
 * rendered it and still names its version after a restart. A file is served only when its text
 * still hashes to the version its name claims; a missing, unreadable or altered file is a miss.
 */
export interface WholeListStore {
  /** Keeps `gzip` (the version's text, compressed) as the newest version of `key`. */
  put(key: string, version: string, gzip: Buffer): void
  /** The gzip of `version`, from memory or disk; undefined when this process has no such version. */
  get(key: string, version: string): Buffer | undefined
}

export interface WholeListStoreOptions {
  dir: string
  keep: number
  /** The version a text is served under (wholeListVersion over the SHA-256). */
  versionOf: (text: string) => string
  onProblem: (detail: string, error: unknown) => void
}

/**
 * `key` is "region lang"; a file is "region.lang.{stamp}.{version}.json.gz", the stamp a number
 * that grows with every write of the key (milliseconds, or one more than the last), so the files
 * sort oldest first whatever the clock's resolution.
 */
const prefixOf = (key: string) => `${key.replace(' ', '.')}.`
const FILE = /^(\d{15})\.([A-Za-z0-9_-]+)\.json\.gz$/

interface StoredFile {
  name: string
  stamp: number
  version: string
}

export function createWholeListStore({ dir, keep, versionOf, onProblem }: WholeListStoreOptions): WholeListStore {
  /** key → version → gzip, oldest first. */
  const memory = new Map<string, Map<string, Buffer>>()

  function remember(key: string, version: string, gzip: Buffer): void {
    let versions = memory.get(key)
    if (!versions) memory.set(key, (versions = new Map()))
    versions.delete(version) // the newest last
    versions.set(version, gzip)
    for (const old of versions.keys()) {
      if (versions.size <= keep) break
      versions.delete(old)
    }
  }

  /** The key's files, oldest first. */
  function filesOf(key: string): StoredFile[] {
    const prefix = prefixOf(key)
    let names: string[] = []
    try {
      names = readdirSync(dir)
    } catch {
      // No folder yet.
    }
    return names
      .flatMap((name) => {
        const match = name.startsWith(prefix) ? FILE.exec(name.slice(prefix.length)) : null
        return match ? [{ name, stamp: Number(match[1]), version: match[2]! }] : []
      })
      .sort((a, b) => a.stamp - b.stamp)
  }

  return {
    put(key, version, gzip) {
      const written = memory.get(key)?.has(version) === true
      remember(key, version, gzip)
      if (written) return // the same list loaded again: its file is there
      try {
        mkdirSync(dir, { recursive: true })
        const files = filesOf(key)
        const stamp = Math.max(Date.now(), (files.at(-1)?.stamp ?? 0) + 1)
        const path = join(dir, `${prefixOf(key)}${String(stamp).padStart(15, '0')}.${version}.json.gz`)
        const temp = `${path}.${process.pid}.tmp`
        writeFileSync(temp, gzip)
        renameSync(temp, path)
        // Another file of the same version, and the oldest beyond `keep`, go.
        const others = files.filter((file) => file.version !== version)
        const gone = [...files.filter((file) => file.version === version), ...others.slice(0, Math.max(0, others.length - (keep - 1)))]
        for (const file of gone) rmSync(join(dir, file.name), { force: true })
      } catch (error) {
        // Memory still serves this process; only a restart loses the version.
        onProblem('whole list not persisted', error)
      }
    },
    get(key, version) {
      const known = memory.get(key)?.get(version)
      if (known) return known
      const file = filesOf(key).find((f) => f.version === version)
      if (!file) return undefined // never made here, or gone with the older ones
      let gzip: Buffer
      try {
        gzip = readFileSync(join(dir, file.name))
        if (versionOf(gunzipSync(gzip).toString('utf8')) !== version) throw new Error('the text does not hash to its version')
      } catch (error) {
        onProblem('whole list file refused', error)
        return undefined
      }
      remember(key, version, gzip)
      return gzip
    },
  }
}
