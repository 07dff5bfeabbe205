/**
 * The build's compile hints (docs/decisions/pages.md "Compile hints for the large chunks"): on a
 * real directory of chunk files, each large chunk gets the hint once and nothing else changes; a
 * directory with no large chunk stops the build.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addCompileHints, chunksToHint, COMPILE_HINT, HINT_MIN_BYTES, withCompileHint } from './compile-hints'

/** A chunk of exactly `bytes` bytes (ASCII). */
const chunkOf = (bytes: number) => {
  const frame = ['(globalThis.TURBOPACK||[]).push([1,e=>{e.s="', '"}]);']
  return frame.join('x'.repeat(bytes - frame.join('').length))
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compile-hints-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function chunks(files: Record<string, string>) {
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(dir, name), text)))
}
const read = (name: string) => readFile(join(dir, name), 'utf8')

describe('addCompileHints', () => {
  const large = chunkOf(HINT_MIN_BYTES)
  const small = chunkOf(HINT_MIN_BYTES - 1)

  it('puts the hint on the first line of each .js chunk of 30 KiB or more, and changes nothing else', async () => {
    expect([large.length, small.length]).toEqual([HINT_MIN_BYTES, HINT_MIN_BYTES - 1])
    await chunks({ 'framework.js': large, 'late.js': large + ';', 'page.js': small, 'framework.js.map': large })
    expect((await addCompileHints(dir)).sort()).toEqual(['framework.js', 'late.js'])
    expect(await read('framework.js')).toBe(`${COMPILE_HINT}\n${large}`)
    expect(await read('late.js')).toBe(`${COMPILE_HINT}\n${large};`)
    expect(await read('page.js')).toBe(small)
    expect(await read('framework.js.map')).toBe(large)
  })

  it('hints a chunk once, however often the build runs it', async () => {
    await chunks({ 'framework.js': large })
    await addCompileHints(dir)
    await addCompileHints(dir)
    expect(await read('framework.js')).toBe(`${COMPILE_HINT}\n${large}`)
  })

  it('stops the build when no chunk is large enough, naming the directory', async () => {
    await chunks({ 'page.js': small })
    await expect(addCompileHints(dir)).rejects.toThrow(`no chunk of ${HINT_MIN_BYTES} bytes or more in ${dir}`)
    expect(await read('page.js')).toBe(small)
  })
})

describe('withCompileHint and chunksToHint', () => {
  it('leaves a hinted source as it is', () => {
    expect(withCompileHint(withCompileHint('a()'))).toBe(`${COMPILE_HINT}\na()`)
  })

  it('draws the line at HINT_MIN_BYTES', () => {
    expect(
      chunksToHint(
        new Map([
          ['a.js', HINT_MIN_BYTES - 1],
          ['b.js', HINT_MIN_BYTES],
          ['c.js', 400_000],
        ]),
      ),
    ).toEqual(['b.js', 'c.js'])
  })
})
