import { gunzipSync, gzipSync } from 'node:zlib'
import { createMemoryStorage } from '../storage/memory'
import { createSymbolCaches } from './cache'
import type { SymbolListResult } from './result'
import { allAnswerSchema, v3AnswerSchema } from './schema'
import { seedOf } from './seed'
import { seedSymbolCaches } from './testing/seed'
import { gunzipText, parseSeedText, seedText } from './seed-text'
import { allResult, SAMPLE_GROUPS, v3Result } from './testing/fixtures'

function storedLoad(savedAt: number) {
  const storage = createMemoryStorage()
  const groups = v3AnswerSchema.parse(v3Result('v9', SAMPLE_GROUPS)).value.quoteTokenResult ?? []
  const pairs = allAnswerSchema.parse(allResult(SAMPLE_GROUPS.flatMap((g) => g.pairs))).value.quoteTokenSymbols
  createSymbolCaches(storage).save(
    { version: 'v9', quoteTokenResult: groups, savedAt, language: 'en' },
    { quoteTokenSymbols: pairs, lastModifiedTime: 555, droppedSymbolIds: [], savedAt, language: 'en' },
  )
  return storage
}
const gzip = (bytes: Uint8Array) => gzipSync(bytes)
const seed = () => seedOf(storedLoad(1000), { provenance: { source: 'v3+all', fetchedAt: 1000, dropped: 0 } } as SymbolListResult)!
const base64 = (text: string) => Buffer.from(text).toString('base64')
const gzipBase64 = (text: string) => gzipSync(text).toString('base64')

describe('the seed as page text', () => {
  it('survives the trip through the platform’s DecompressionStream: the browser seeds the same records the server stored', async () => {
    const text = seedText(seed(), gzip)!
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/) // base64: no quote to escape in the page's scripts
    expect(JSON.parse(gunzipSync(Buffer.from(text, 'base64')).toString('utf8'))).toEqual(seed())
    const parsed = await parseSeedText(text)
    expect(parsed).toEqual(seed())
    const browser = createMemoryStorage()
    expect(seedSymbolCaches(browser, parsed!, 'en')).toEqual({ symbol: 'written', incremental: 'written' })
    expect(createSymbolCaches(browser).readSymbol()?.version).toBe('v9')
    expect(createSymbolCaches(browser).readIncremental()?.lastModifiedTime).toBe(555)
  })

  it('is a fraction of the JSON it carries', () => {
    const big = {
      symbol: seed().symbol,
      incremental: {
        ...(seed().incremental as object),
        pad: Array.from({ length: 600 }, (_, i) => ({ si: `PAIR${i}USDT`, iu: `https://icons.example/night/pair${i}.svg` })),
      },
    }
    expect(seedText(big, gzip)!.length).toBeLessThan(JSON.stringify(big).length / 3)
  })

  it('has no text without a seed', () => {
    expect(seedText(undefined, gzip)).toBeUndefined()
  })

  it.each([
    ['empty', ''],
    ['not base64', 'not base64!'],
    ['base64 of plain JSON', base64(JSON.stringify({ symbol: {}, incremental: {} }))],
    ['gzip of text that is not JSON', gzipBase64('not json')],
    ['gzip of an array', gzipBase64('[]')],
    ['gzip of null', gzipBase64('null')],
    ['gzip of one record only', gzipBase64('{"symbol":{}}')],
  ])('refuses %s: no seed, so the browser loads in full', async (_, text) => {
    await expect(parseSeedText(text)).resolves.toBeUndefined()
  })

  it('refuses a seed that inflates past the cap, without inflating it all', async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)))
    await expect(gunzipText(bomb, 1024 * 1024)).rejects.toThrow(/inflates past/)
    await expect(gunzipText(bomb)).resolves.toHaveLength(4 * 1024 * 1024)
  })
})
