import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { regionHost } from './support/hosts'
import { getRaw, inParallel } from './support/raw-http'

// docs/decisions/pages.md "Only 200 pages are stored": distinct unknown or case-variant pair URLs
// must not grow the ISR cache. Measured on the real `next start` of the e2e run.
// 1,000 paths, five times the 200 pages the store keeps; 1 KiB a path: one stored 404 is ~58 KiB
// (docs/measurements.md "Only 200 pages are stored"), so storing them would grow .next ~57 MB.
const UNKNOWN_PATHS = 1_000
const LIMIT_KB = UNKNOWN_PATHS

/** Disk use of the build the e2e server runs from, in KiB (what fills a disk). */
const nextDirKb = () => Number(execFileSync('du', ['-sk', '.next'], { encoding: 'utf8' }).split('\t')[0])

/** A random token name no upstream lists (digits and letters, never a real ticker). */
function randomToken(i: number): string {
  return `ZZ${i.toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .toUpperCase()}`
}

test('1,000 unknown pair paths answer 404 and grow .next by less than 1 KiB a path', async () => {
  test.setTimeout(240_000)
  // Warm up: the lists are live, so an unknown pair is a definite 404.
  expect((await getRaw(regionHost('main'), '/en/trade/spot/BTC/USDT')).status).toBe(200)
  expect((await getRaw(regionHost('tr'), '/tr-TUR/trade/spot/BTC/USDT')).status).toBe(200)
  const before = nextDirKb()
  const paths = Array.from({ length: UNKNOWN_PATHS }, (_, i) =>
    i % 2 === 0
      ? { host: regionHost('main'), path: `/en/trade/spot/${randomToken(i)}/USDT` }
      : { host: regionHost('tr'), path: `/tr-TUR/trade/spot/BTC/${randomToken(i)}` },
  )
  const statuses = await inParallel(paths, 8, async ({ host, path }) => (await getRaw(host, path)).status)
  const grownKb = nextDirKb() - before
  console.log(`.next grew by ${grownKb} KiB for ${UNKNOWN_PATHS} unknown pair paths`)
  expect(statuses.filter((status) => status !== 404)).toEqual([])
  expect(grownKb).toBeLessThan(LIMIT_KB)
})

test('a case variant of a real pair answers 308 to its canonical path, and stores nothing', async () => {
  // The canonical page itself is a 200 (stored: it is one of the bounded set), rendered first.
  expect((await getRaw(regionHost('nl'), '/nl-NL/trade/spot/ETH/USDT')).status).toBe(200)
  const before = nextDirKb()
  const variants = ['eth/usdt', 'Eth/Usdt', 'eTH/usdT', 'eth/USDT']
  for (const variant of variants) {
    const answer = await getRaw(regionHost('nl'), `/nl-NL/trade/spot/${variant}`)
    expect(answer.status).toBe(308)
    expect(answer.location).toBe('/nl-NL/trade/spot/ETH/USDT')
  }
  // A stored redirect is 7 files, about 50 KiB on disk; four of them would show.
  expect(nextDirKb() - before).toBeLessThan(40)
})
