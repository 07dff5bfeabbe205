/**
 * Repeat-visit figures alone (scripts/bench/repeat-visit.ts): `npx tsx scripts/bench-repeat-visit.ts`
 * starts the simulator, the site and the floor on bench-lighthouse's own ports (builds both first
 * unless BENCH_SKIP_BUILD=1 and builds exist; run it under `flock /tmp/spot-bench.lock`),
 * `BENCH_REPEAT_ROUNDS` rounds (default 3), and puts its figures into bench-results.json.
 * Goal: a page opened before, with the worker, paints its largest content no later than the
 * floor's first visit (issue #46 item 4).
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { BENCH_PAGES } from './bench/chromium'
import { buildFloor, startFloor } from './bench/floor'
import { runRepeatVisitBench } from './bench/repeat-visit'
import { figure, mergeResults, runsFromEnv, type Figure } from './bench/report'
import { ALONE_FLOOR_PORT, warmPage, withAloneStack } from './bench/stack'

async function alone(): Promise<void> {
  const root = resolve(__dirname, '..')
  const logDir = join(tmpdir(), 'spot-bench-repeat-visit')
  await withAloneStack(root, logDir, async (site, started) => {
    const floor = await buildFloor(root, logDir, ALONE_FLOOR_PORT)
    started.push(await startFloor(floor.dir, ALONE_FLOOR_PORT, logDir))
    for (const path of Object.values(BENCH_PAGES)) await warmPage(site, path)
    const rounds = runsFromEnv('BENCH_REPEAT_ROUNDS', 3, 20)
    const result = await runRepeatVisitBench({ site, floor: ALONE_FLOOR_PORT }, BENCH_PAGES, rounds, console.log)
    const figures: Figure[] = []
    for (const method of ['simulate', 'devtools'] as const) {
      const floorLcp = result.floorFirst[method]
      figures.push(figure(`repeat visit: floor first visit LCP (${method})`, floorLcp, 'ms'))
      for (const [name, modes] of Object.entries(result.pages)) {
        const withWorker = modes.worker[method]
        figures.push(
          figure(`repeat visit: ${name} with the worker LCP (${method})`, withWorker, 'ms', {
            text: '≤ floor first visit',
            met: (v) => floorLcp !== null && v <= floorLcp,
          }),
          figure(`repeat visit: ${name} without the worker LCP (${method})`, modes.noWorker[method], 'ms'),
        )
      }
    }
    console.log(`\nwritten: ${mergeResults(root, 'repeat visit', figures, 'repeatVisit', { ...result, rounds })}`)
  })
}

alone().catch((error: unknown) => {
  console.error(`bench-repeat-visit failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
