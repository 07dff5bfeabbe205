import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { wholeListVersion } from '@/lib/symbol-view/whole-list'
import { createWholeListStore } from './whole-list-store'

const versionOf = (text: string) => wholeListVersion(text, (t) => createHash('sha256').update(t).digest('base64url'))
const list = (n: number) => {
  const text = JSON.stringify({ groups: [], pairCount: n })
  return { version: versionOf(text), gzip: gzipSync(text) }
}

describe('the whole list’s versions on disk', () => {
  let dir: string
  let problems: string[]
  const store = (keep = 3) => createWholeListStore({ dir, keep, versionOf, onProblem: (detail) => problems.push(detail) })
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spot-whole-list-'))
    problems = []
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('serves the versions a process made after it restarts, per region and language', () => {
    const before = store()
    const [a, b] = [list(1), list(2)]
    before.put('main en', a.version, a.gzip)
    before.put('hk zh-HK', b.version, b.gzip)
    const after = store()
    expect(after.get('main en', a.version)).toEqual(a.gzip)
    expect(after.get('hk zh-HK', b.version)).toEqual(b.gzip)
    expect(after.get('hk zh-HK', a.version)).toBeUndefined()
    expect(after.get('main en', list(3).version)).toBeUndefined()
    expect(problems).toEqual([])
  })

  it('keeps the newest `keep` versions of a key, in memory and on disk', () => {
    const lists = [1, 2, 3, 4, 5].map(list)
    const kept = store(3)
    for (const l of lists) kept.put('main en', l.version, l.gzip)
    expect(lists.map((l) => kept.get('main en', l.version) !== undefined)).toEqual([false, false, true, true, true])
    expect(readdirSync(dir).filter((name) => name.startsWith('main.en.')).length).toBe(3)
    const restarted = store(3)
    expect(lists.map((l) => restarted.get('main en', l.version) !== undefined)).toEqual([false, false, true, true, true])
  })

  it('refuses a file whose text no longer hashes to its version: never another list under a version', () => {
    const [a, b] = [list(1), list(2)]
    store().put('main en', a.version, a.gzip)
    const file = readdirSync(dir).find((name) => name.endsWith(`.${a.version}.json.gz`))!
    writeFileSync(join(dir, file), b.gzip)
    expect(store().get('main en', a.version)).toBeUndefined()
    writeFileSync(join(dir, file), 'not gzip')
    expect(store().get('main en', a.version)).toBeUndefined()
    expect(problems).toEqual(['whole list file refused', 'whole list file refused'])
  })

  it('still serves from memory when the disk refuses writes', () => {
    const a = list(1)
    writeFileSync(join(dir, 'blocked'), '')
    const noDisk = createWholeListStore({ dir: join(dir, 'blocked', 'sub'), keep: 3, versionOf, onProblem: (detail) => problems.push(detail) })
    noDisk.put('main en', a.version, a.gzip)
    expect(noDisk.get('main en', a.version)).toEqual(a.gzip)
    expect(problems).toEqual(['whole list not persisted'])
  })
})
