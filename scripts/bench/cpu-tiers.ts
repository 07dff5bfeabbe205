/**
 * The phones the bench emulates, calibrated to the host (docs/decisions/pages.md "Lighthouse
 * scores in the bench"; how and why: docs/measurements.md "Phone tiers in the bench"): Lighthouse's `benchmarkIndex` of this machine, read five times (at least three)
 * at the start of a run (one reading swings by a third or more on a shared machine), its median divided by the
 * index of each tier's phone as Chrome DevTools' calibration takes it (a mid-tier phone, Pixel 5
 * class, 1000; a low-tier phone, Moto G Power 2022 class, 264). The quotient is the CPU slowdown
 * the run applies for that tier, through Lantern's simulation (Lighthouse) or
 * Emulation.setCPUThrottlingRate (the loads and interactions), never below 1×: a host slower
 * than the phone is measured as it is.
 */
import { median } from './report'

export type CpuTier = 'mid' | 'low'
export const CPU_TIERS: readonly CpuTier[] = ['mid', 'low']

/** The benchmarkIndex of each tier's phone (Chrome DevTools' CPU throttling calibration). */
export const TIER_INDEX: Record<CpuTier, number> = { mid: 1000, low: 264 }

/** Fewer readings than this and a run refuses to calibrate. */
export const MIN_READINGS = 3
/** Readings a run takes: five, as the first of a browser often reads low on a busy host. */
export const READINGS = 5

export interface Calibration {
  readings: number[]
  /** The median reading. */
  benchmarkIndex: number
  /** CPU slowdown per tier, ≥ 1. */
  slowdown: Record<CpuTier, number>
}

/** Slowdown for a tier: how many times faster this host is than the tier's phone, at least 1×. */
export function slowdownFor(benchmarkIndex: number, tier: CpuTier): number {
  if (!(benchmarkIndex > 0)) throw new Error(`benchmarkIndex must be a positive number, not ${benchmarkIndex}`)
  return Math.max(1, benchmarkIndex / TIER_INDEX[tier])
}

export function calibrate(readings: readonly number[]): Calibration {
  const usable = readings.filter((r) => Number.isFinite(r) && r > 0)
  if (usable.length < MIN_READINGS) throw new Error(`calibration needs ${MIN_READINGS} benchmarkIndex readings, got ${usable.length} (${readings.join(', ')})`)
  // Odd counts have one middle; for an even count the report's median takes the lower one.
  const index = median(usable) as number
  return {
    readings: [...readings],
    benchmarkIndex: index,
    slowdown: { mid: slowdownFor(index, 'mid'), low: slowdownFor(index, 'low') },
  }
}

export const formatSlowdown = (slowdown: number) => `${slowdown.toFixed(2)}×`

export function describeCalibration(c: Calibration & { fixed?: boolean }): string {
  const source = c.fixed ? `BENCH_CPU_INDEX; this host read ${c.readings.join(', ')}, median ${median(c.readings)}` : `median of ${c.readings.join(', ')}`
  return `benchmarkIndex ${c.benchmarkIndex} (${source}): mid tier (${TIER_INDEX.mid}) ${formatSlowdown(c.slowdown.mid)}, low tier (${TIER_INDEX.low}) ${formatSlowdown(c.slowdown.low)} CPU slowdown`
}

/**
 * `count` readings of Lighthouse's own benchmark, each in a fresh page of one headless Chromium,
 * as Lighthouse takes it before a run. `BENCH_CPU_INDEX` (a number) then stands in for their
 * median, to compare runs at one calibration (before and after a change, on a host whose other
 * work moves the readings); the readings are still taken and reported.
 */
export async function measureCalibration(count = READINGS, env: Record<string, string | undefined> = process.env): Promise<Calibration> {
  const readings = await readBenchmarkIndex(count)
  return calibrateAs(readings, env)
}

/** The calibration of these readings, or of BENCH_CPU_INDEX when it is set (the readings kept beside it). */
export function calibrateAs(readings: readonly number[], env: Record<string, string | undefined> = process.env): Calibration & { fixed: boolean } {
  const measured = calibrate(readings)
  const fixed = Number(env.BENCH_CPU_INDEX)
  if (!env.BENCH_CPU_INDEX) return { ...measured, fixed: false }
  if (!(fixed > 0)) throw new Error(`BENCH_CPU_INDEX must be a positive number, not "${env.BENCH_CPU_INDEX}"`)
  return { readings: [...readings], benchmarkIndex: fixed, slowdown: { mid: slowdownFor(fixed, 'mid'), low: slowdownFor(fixed, 'low') }, fixed: true }
}

async function readBenchmarkIndex(count: number): Promise<number[]> {
  const { chromium } = await import('@playwright/test')
  const { CHROME, PLAYWRIGHT_FLAGS } = await import('./chromium')
  // Lighthouse's page function, as its driver evaluates it (core/gather/driver/environment.js).
  const { pageFunctions } = (await import('lighthouse/core/lib/page-functions.js')) as { pageFunctions: { computeBenchmarkIndex: () => number } }
  const readings: number[] = []
  const browser = await chromium.launch({ executablePath: CHROME, args: PLAYWRIGHT_FLAGS })
  try {
    for (let i = 0; i < Math.max(count, MIN_READINGS); i++) {
      const page = await browser.newPage()
      readings.push(Math.round(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`))))
      await page.close()
    }
  } finally {
    await browser.close()
  }
  return readings
}
