/**
 * What the fleet shares, per view and per minute (docs/capacity.md "Redis per view"):
 * `flock /tmp/spot-bench.lock npx tsx scripts/bench-entries.ts` after `npx next build`. First
 * the pair pages' entries (scripts/bench/entries.ts: a simulator, Redis, two instances and nginx),
 * then the upstream's ticker calls with 1, 2 and 3 instances (scripts/bench/tickers-fleet.ts;
 * BENCH_ENTRIES_TICKER_S seconds a phase, 60; 0 skips it), on the capacity bench's ports
 * (6800–6809). BENCH_SITE_DIR benches another checkout's build (its entries part). Writes its
 * figures to $TMPDIR/spot-bench-entries/entries.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runEntriesBench } from './bench/entries'
import { runTickersBench } from './bench/tickers-fleet'

const root = resolve(process.env.BENCH_SITE_DIR ?? join(__dirname, '..'))
const logDir = join(tmpdir(), 'spot-bench-entries')
mkdirSync(logDir, { recursive: true })
void (async () => {
  // The fleet copies `.next` from the working directory (scripts/support/next-server.ts).
  process.chdir(root)
  console.log(`Shared entries (fleet of 2 on :6800–6803, ${root})`)
  const entries = await runEntriesBench(root, logDir, (line) => console.log(line))
  const seconds = Number(process.env.BENCH_ENTRIES_TICKER_S ?? 60)
  console.log(`\nTicker calls per minute fleet-wide (${seconds} s a phase; a render's ask every 250 ms per instance)`)
  const tickers = seconds > 0 ? await runTickersBench(root, logDir, seconds, (line) => console.log(line)) : null
  const result = { entries, tickers }
  const file = join(logDir, 'entries.json')
  writeFileSync(file, JSON.stringify(result, null, 2))
  console.log(`\nwritten: ${file}`)
})().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
