import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { KEEP_MS, planPrune, publishBuild, pruneStatic, readIndex, type StaticIndex } from './static-files'

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.UTC(2026, 11, 1)

let dir: string
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'spot-static-files-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A `.next` folder as `next build` leaves it: BUILD_ID and static/ with chunks and the build's manifest folder. */
function build(id: string, chunks: Record<string, string>): string {
  const dist = join(dir, `dist-${id}`)
  const files = { ...Object.fromEntries(Object.entries(chunks).map(([name, text]) => [`chunks/${name}`, text])), [`${id}/_buildManifest.js`]: `self.b="${id}"` }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, 'static', name)), { recursive: true })
    writeFileSync(join(dist, 'static', name), text)
  }
  writeFileSync(join(dist, 'BUILD_ID'), `${id}\n`)
  return dist
}

const root = () => join(dir, 'root')
const published = (name: string) => existsSync(join(root(), '_next', 'static', name))

describe('publishBuild', () => {
  it("merges builds under their content-hashed names, each text file with a gzip copy; the index lists each build's files", () => {
    expect(publishBuild(root(), build('b1', { 'aaa.js': 'a', 'shared.js': 's', 'x.css': 'c' }), T0)).toEqual({ id: 'b1', files: 4, shared: 0 })
    expect(publishBuild(root(), build('b2', { 'bbb.js': 'b', 'shared.js': 's' }), T0 + DAY)).toEqual({ id: 'b2', files: 3, shared: 1 })
    for (const name of ['chunks/aaa.js', 'chunks/bbb.js', 'chunks/shared.js', 'chunks/x.css', 'b1/_buildManifest.js', 'b2/_buildManifest.js'])
      expect(published(name)).toBe(true)
    expect(gunzipSync(readFileSync(join(root(), '_next/static/chunks/bbb.js.gz'))).toString()).toBe('b')
    expect(readIndex(root()).builds.map((b) => [b.id, b.publishedAt, b.supersededAt, b.files])).toEqual([
      ['b1', T0, null, ['_next/static/b1/_buildManifest.js', '_next/static/chunks/aaa.js', '_next/static/chunks/shared.js', '_next/static/chunks/x.css']],
      ['b2', T0 + DAY, null, ['_next/static/b2/_buildManifest.js', '_next/static/chunks/bbb.js', '_next/static/chunks/shared.js']],
    ])
  })

  it('refuses a name published with other bytes, before writing any of the build', () => {
    publishBuild(root(), build('b1', { 'same.js': 'one' }), T0)
    expect(() => publishBuild(root(), build('b2', { 'new.js': 'n', 'same.js': 'two' }), T0)).toThrow(/same\.js: published already with other bytes/)
    expect(published('chunks/new.js')).toBe(false)
    expect(readFileSync(join(root(), '_next/static/chunks/same.js'), 'utf8')).toBe('one')
    expect(readIndex(root()).builds.map((b) => b.id)).toEqual(['b1'])
  })

  it('a build published again (a rollback) is the newest once more', () => {
    const b1 = build('b1', { 'a.js': 'a' })
    publishBuild(root(), b1, T0)
    publishBuild(root(), build('b2', { 'b.js': 'b' }), T0 + DAY)
    publishBuild(root(), b1, T0 + 2 * DAY)
    expect(readIndex(root()).builds.map((b) => [b.id, b.publishedAt])).toEqual([
      ['b2', T0 + DAY],
      ['b1', T0 + 2 * DAY],
    ])
  })
})

describe('planPrune', () => {
  const index = (...builds: [string, number | null, string[]][]): StaticIndex => ({
    builds: builds.map(([id, supersededAt, files]) => ({ id, publishedAt: 0, supersededAt, files })),
  })

  it('marks every build but the newest superseded at the first prune that sees it, never at publish', () => {
    const { index: after, remove } = planPrune(index(['b1', null, ['f1']], ['b2', null, ['f2']]), T0)
    expect(after.builds.map((b) => [b.id, b.supersededAt])).toEqual([
      ['b1', T0],
      ['b2', null],
    ])
    expect(remove).toEqual([])
  })

  it('removes a superseded build 7 days on, never the newest or the one before, nor a file a kept build lists', () => {
    const three = index(['b1', T0, ['f1', 'shared']], ['b2', T0 + DAY, ['f2', 'shared']], ['b3', null, ['f3']])
    expect(planPrune(three, T0 + KEEP_MS - 1).remove).toEqual([])
    const { index: after, remove } = planPrune(three, T0 + KEEP_MS)
    expect(after.builds.map((b) => b.id)).toEqual(['b2', 'b3'])
    expect(remove).toEqual(['f1'])
    // The one before the newest stays however long ago it was superseded.
    expect(planPrune(index(['b1', T0, ['f1']], ['b2', null, ['f2']]), T0 + 100 * DAY).remove).toEqual([])
  })
})

describe('pruneStatic', () => {
  it('removes an old build and its gzip copies, after the edge pages made more than 7 days ago; newer pages and builds stay', () => {
    publishBuild(root(), build('b1', { 'old.js': 'o' }), T0)
    publishBuild(root(), build('b2', { 'mid.js': 'm' }), T0 + DAY)
    expect(pruneStatic(root(), T0 + DAY).removedBuilds).toEqual([]) // b1 superseded now
    publishBuild(root(), build('b3', { 'new.js': 'n' }), T0 + 2 * DAY)
    expect(pruneStatic(root(), T0 + 2 * DAY).removedBuilds).toEqual([]) // b2 superseded now

    const cache = join(dir, 'cache')
    const page = (name: string, madeAt: number) => {
      mkdirSync(join(cache, 'a', 'bc'), { recursive: true })
      writeFileSync(join(cache, 'a', 'bc', name), 'page')
      utimesSync(join(cache, 'a', 'bc', name), madeAt / 1000, madeAt / 1000)
    }
    page('made-on-day-0', T0 + 1000)
    page('made-on-day-2', T0 + 2 * DAY)

    const result = pruneStatic(root(), T0 + DAY + KEEP_MS, { edgeCache: cache })
    expect(result).toEqual({ removedBuilds: ['b1'], removedFiles: 2, removedPages: 1 })
    expect([published('chunks/old.js'), published('chunks/old.js.gz'), published('b1/_buildManifest.js'), published('b1')]).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect([published('chunks/mid.js'), published('chunks/new.js')]).toEqual([true, true])
    expect([existsSync(join(cache, 'a', 'bc', 'made-on-day-0')), existsSync(join(cache, 'a', 'bc', 'made-on-day-2'))]).toEqual([false, true])
    expect(readIndex(root()).builds.map((b) => b.id)).toEqual(['b2', 'b3'])
  })
})
