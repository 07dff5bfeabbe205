/**
 * The phone part of `npm run bench` (scripts/bench.ts calls runPhoneBench against its running
 * site and floor): the CPU tiers calibrated from this host's benchmarkIndex
 * (scripts/bench/cpu-tiers.ts), then Lighthouse at both tiers (scripts/bench-lighthouse.ts), the
 * low-tier loads observed under DevTools throttling (scripts/bench-phone-cpu.ts) and the
 * interactions at both tiers (scripts/bench/interactions.ts), each page against the floor in the
 * same rounds. Issue #50 keeps the part within about 12 minutes. Alone:
 * `npx tsx scripts/bench-phones.ts` starts the simulator, the site and the floor as the
 * Lighthouse bench alone does (6700…6706; builds first unless BENCH_SKIP_BUILD=1 and builds
 * exist) and puts its figures into bench-results.json in place of earlier ones.
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runLighthouseBench } from './bench-lighthouse'
import { runPhoneCpuBench } from './bench-phone-cpu'
import { describeCalibration, measureCalibration } from './bench/cpu-tiers'
import { buildFloor, startFloor } from './bench/floor'
import { runInteractionBench } from './bench/interactions'
import { figure, mergeResults, type Figure } from './bench/report'
import { ALONE_FLOOR_PORT, withAloneStack } from './bench/stack'

/** Issue #50: the phone part within about this long. */
export const PHONE_PART_GOAL_MIN = 12

export async function runPhoneBench(
  sites: { site: number; floor: number },
  logDir: string,
  say: (line: string) => void,
  options: { minRounds?: number } = {},
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const began = Date.now()
  // First, before any page loads: the readings are of the host, not of our pages' work.
  const calibration = await measureCalibration()
  say(`\nPhone tiers: ${describeCalibration(calibration)}`)
  const lap = (() => {
    let last = Date.now()
    return () => {
      const at = Date.now()
      const took = ((at - last) / 60_000).toFixed(1)
      last = at
      return took
    }
  })()
  const lighthouse = await runLighthouseBench(sites, logDir, say, { ...options, calibration })
  const lighthouseMin = lap()
  const phone = await runPhoneCpuBench(sites.site, say, sites.floor, calibration)
  const phoneMin = lap()
  const interactions = await runInteractionBench(sites.site, say, calibration)
  const interactionsMin = lap()
  const minutes = (Date.now() - began) / 60_000
  say(`\n  phone part: ${minutes.toFixed(1)} min (Lighthouse ${lighthouseMin}, observed loads ${phoneMin}, interactions ${interactionsMin})`)
  const figures = [
    figure('phones: benchmarkIndex (median)', calibration.benchmarkIndex, ''),
    figure('phones: mid-tier CPU slowdown', Math.round(calibration.slowdown.mid * 100) / 100, '×'),
    figure('phones: low-tier CPU slowdown', Math.round(calibration.slowdown.low * 100) / 100, '×'),
    figure('phones: part duration', Math.round(minutes * 10) / 10, 'min', { text: `≤ ${PHONE_PART_GOAL_MIN} min`, met: (v) => v <= PHONE_PART_GOAL_MIN }),
  ]
  return {
    figures: [...figures, ...lighthouse.figures, ...phone.figures, ...interactions.figures],
    details: { calibration, minutes, lighthouse: lighthouse.details, phoneCpu: phone.details, interactions: interactions.details },
  }
}

/** Alone: its own simulator, site and floor, and its figures in bench-results.json beside the others. */
async function alone(): Promise<void> {
  const root = resolve(__dirname, '..')
  const logDir = join(tmpdir(), 'spot-bench-phones')
  await withAloneStack(root, logDir, async (site, started) => {
    const floor = await buildFloor(root, logDir, ALONE_FLOOR_PORT)
    if (floor.seconds !== null) console.log(`next build (floor): ${floor.seconds.toFixed(0)} s`)
    started.push(await startFloor(floor.dir, ALONE_FLOOR_PORT, logDir))
    const { figures, details } = await runPhoneBench({ site, floor: ALONE_FLOOR_PORT }, logDir, console.log)
    // One key per part, as the full bench writes them.
    const parts: [string, string, unknown][] = [
      ['phones: ', 'phones', { calibration: details.calibration, minutes: details.minutes }],
      ['lighthouse ', 'lighthouse', details.lighthouse],
      ['phone CPU ', 'phoneCpu', details.phoneCpu],
      ['interaction ', 'interactions', details.interactions],
    ]
    let file = ''
    for (const [prefix, key, part] of parts)
      file = mergeResults(
        root,
        prefix,
        figures.filter((f) => f.name.startsWith(prefix)),
        key,
        part as Record<string, unknown>,
      )
    console.log(`\nwritten: ${file}`)
  })
}

if (require.main === module) {
  alone().catch((error: unknown) => {
    console.error(`bench-phones failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
