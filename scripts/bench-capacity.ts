/**
 * The capacity part of `npm run bench` alone (scripts/bench/capacity.ts; docs/capacity.md):
 * `npx tsx scripts/bench-capacity.ts`. Needs a build (`npx next build`); starts its own
 * simulator, Redis, two instances and nginx on 6800–6809. The floor (a bare Next page,
 * scripts/bench/floor.ts) is built into the log folder the first time and reused after. Its
 * figures go into bench-results.json in place of earlier capacity figures.
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runCapacityBench } from './bench/capacity'
import { buildFloor, floorBuilt, floorDir } from './bench/floor'
import { mergeResults } from './bench/report'
import { BENCH_CAPACITY_PORTS } from './support/ports'

const root = resolve(__dirname, '..')
const logDir = join(tmpdir(), 'spot-bench-capacity')
void (async () => {
  const floor = floorDir(logDir)
  if (!floorBuilt(floor)) {
    const { seconds } = await buildFloor(root, logDir, BENCH_CAPACITY_PORTS.instances[0])
    console.log(`next build (floor): ${seconds?.toFixed(0)} s`)
  }
  const capacity = await runCapacityBench(root, logDir, (line) => console.log(line), { floorDir: floor })
  console.log(`\nwritten: ${mergeResults(root, 'capacity ', capacity.figures, 'capacity', capacity.details)}`)
})().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
