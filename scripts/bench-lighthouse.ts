/**
 * Lighthouse 13 mobile figures of the markets page and a pair page against the floor, a bare
 * Next page built with the project's own next/react (scripts/bench/floor.ts), for `npm run
 * bench` (scripts/bench.ts calls runLighthouseBench against its running site and floor).
 * Rounds are interleaved (floor, pair, markets in each; `BENCH_LIGHTHOUSE_ROUNDS`, default 5):
 * on a shared 2-core machine the absolute figures move with the load, so each page's medians
 * are read as differences and ratios to the floor's, measured in the same minutes
 * (scripts/bench/floor-goals.ts has the goals). Accessibility, best practices and SEO keep their
 * absolute targets. Alone: `npx tsx scripts/bench-lighthouse.ts` starts the simulator, the site
 * and the floor on E2E_PORT_OFFSET=170's range (6700…6706; builds both first unless
 * BENCH_SKIP_BUILD=1 and builds exist), and puts its figures into bench-results.json in place of
 * earlier Lighthouse figures. Settings and flags: docs/decisions/pages.md "Lighthouse scores in
 * the bench".
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { BENCH_PAGES, CHROME, CHROME_FLAGS } from './bench/chromium'
import { buildFloor, FLOOR_PATH, startFloor } from './bench/floor'
import { CPU_TIERS, describeCalibration, formatSlowdown, measureCalibration, type Calibration, type CpuTier } from './bench/cpu-tiers'
import {
  breakdownLines,
  compareToFloor,
  mainThreadBreakdown,
  medianBreakdown,
  type Breakdown,
  floorTable,
  formatFigure,
  loadFigures,
  medianFigures,
  type FloorComparison,
  type LoadFigures,
  type PageFigures,
} from './bench/floor-goals'
import { request } from './bench/http'
import { paintHoldMs, paintStalled, scriptsBeforePaint, summariseRuns, type LighthouseRun, type RequestRow, type RunMetrics } from './bench/lighthouse-runs'
import { figure, formatValue, mergeResults, runsFromEnv, type Figure } from './bench/report'
import { ALONE_FLOOR_PORT, warmPage, withAloneStack } from './bench/stack'

/** Absolute targets of the categories that do not depend on load; scores are 0–1, shown ×100. Performance is read against the floor. */
const GOALS = [
  { id: 'accessibility', label: 'accessibility', min: 95, text: '≥ 95' },
  { id: 'best-practices', label: 'best practices', min: 95, text: '≥ 95' },
  { id: 'seo', label: 'SEO', min: 100, text: '100' },
] as const

const CATEGORIES = ['performance', ...GOALS.map((g) => g.id)]

interface Audit {
  id: string
  title: string
  score: number | null
  displayValue?: string
  numericValue?: number
  details?: { items?: ({ description?: unknown } & Record<string, unknown>)[] }
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, Audit>
  runWarnings: string[]
  lighthouseVersion: string
}

/** The audits that cost a category points: scored below 1 with weight, or failed binary ones. */
function losses(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
    .map(({ audit }) => `${audit?.id} (${Math.round((audit?.score ?? 0) * 100)}${audit?.displayValue ? `, ${audit.displayValue}` : ''})`)
}

interface Gathered {
  lhr: Lhr
  /** Lighthouse's artifacts of the load, to audit again at another tier. */
  artifacts: { settings: { throttling: Record<string, unknown> } & Record<string, unknown> } & Record<string, unknown>
}

/** Lighthouse's mobile network and CPU settings with the tier's CPU slowdown. */
async function throttlingAt(cpuSlowdownMultiplier: number): Promise<Record<string, unknown>> {
  const { throttling } = await import('lighthouse/core/config/constants.js')
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier }
}

async function gather(url: string, cpuSlowdown: number): Promise<Gathered> {
  const { default: lighthouse } = await import('lighthouse')
  const { launch } = await import('chrome-launcher')
  // A fresh browser per page: no cache, service worker or storage carried from the other page.
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    // Lighthouse's default config (a mobile device, simulated slow 4G) with the tier's CPU slowdown.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', throttling: await throttlingAt(cpuSlowdown) })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    return { lhr: result.lhr as unknown as Lhr, artifacts: result.artifacts as unknown as Gathered['artifacts'] }
  } finally {
    chrome.kill()
  }
}

/**
 * The same load audited at another CPU slowdown. Simulated throttling loads the page unthrottled
 * and has Lantern simulate the slow phone from the trace, so a load's artifacts hold everything
 * either tier's figures are computed from; Lighthouse refuses artifacts gathered under other
 * settings, and the slowdown is the one setting changed (docs/decisions/pages.md "Lighthouse scores in the bench").
 */
async function auditAgain(gathered: Gathered, cpuSlowdown: number): Promise<Lhr> {
  const { auditFlowArtifacts } = await import('lighthouse')
  const throttling = { ...gathered.artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown }
  const artifacts = { ...gathered.artifacts, settings: { ...gathered.artifacts.settings, throttling } }
  const flow = await auditFlowArtifacts({ gatherSteps: [{ artifacts, flags: { output: 'json', logLevel: 'error', throttling } }], name: 'tier' } as never)
  const lhr = flow.steps[0]?.lhr
  if (!lhr) throw new Error('Lighthouse audited nothing')
  return lhr as unknown as Lhr
}

/** Interleaved rounds (median taken per page); `BENCH_LIGHTHOUSE_ROUNDS` sets another count. */
export const LIGHTHOUSE_ROUNDS = 5

export interface LighthouseSites {
  /** Our site (pair and markets pages). */
  site: number
  /** The floor (scripts/bench/floor.ts). */
  floor: number
}

/** One page's runs at one tier, and its last report (for the audits that cost points and the console errors). */
interface PageRuns {
  target: { name: string; port: number; path: string }
  runs: LighthouseRun[]
  figures: LoadFigures[]
  breakdowns: Breakdown[]
  early: ({ count: number; bytes: number } | null)[]
  last?: Lhr
}

const pageFigures = (page: PageRuns): PageFigures => ({
  performance: summariseRuns(page.runs, ['performance']).scores.performance ?? null,
  ...medianFigures(page.figures),
})

/** A goal figure of the summary table: the page against the floor (or CLS alone). */
function againstFigure(prefix: string, c: FloorComparison): Figure {
  const { goal } = c
  const value = goal.against === 'none' ? c.page : c.vsFloor
  const shown = value !== null && goal.key === 'lcpMs' ? value / 1000 : value
  const unit = goal.against === 'ratio' ? '×' : goal.key === 'lcpMs' ? 's' : goal.key === 'performance' ? 'points' : ''
  const suffix = goal.against === 'ratio' ? ' / floor' : goal.against === 'difference' ? ' − floor' : ''
  return { name: `${prefix}: ${goal.label}${suffix}`, value: shown, unit, goal: goal.againstText, met: goal.met === null ? null : c.met }
}

export async function runLighthouseBench(
  sites: LighthouseSites,
  logDir: string,
  say: (line: string) => void,
  options: { minRounds?: number; calibration: Calibration },
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const { slowdown } = options.calibration
  const rounds = runsFromEnv('BENCH_LIGHTHOUSE_ROUNDS', LIGHTHOUSE_ROUNDS, 20)
  if (rounds < (options.minRounds ?? 1)) throw new Error(`BENCH_LIGHTHOUSE_ROUNDS must be at least ${options.minRounds} here, not ${rounds}`)
  mkdirSync(logDir, { recursive: true })
  // The floor first in each round, as issue #26 measured it.
  const target = (name: string, port: number, path: string) => ({ name, port, path })
  const targets = [target('floor', sites.floor, FLOOR_PATH), target('pair', sites.site, BENCH_PAGES.pair), target('markets', sites.site, BENCH_PAGES.markets)]
  const byTier = Object.fromEntries(
    CPU_TIERS.map((tier) => [tier, targets.map((t): PageRuns => ({ target: t, runs: [], figures: [], breakdowns: [], early: [] }))]),
  ) as Record<CpuTier, PageRuns[]>
  say(
    `\nLighthouse mobile figures against the floor, a bare Next page (default config: simulated slow 4G; CPU ${formatSlowdown(slowdown.mid)} (mid tier) and ${formatSlowdown(slowdown.low)} (low tier), each load audited at both; ${CHROME}; ${rounds} interleaved rounds of ${targets.map((p) => p.name).join(', ')}; medians)`,
  )
  for (let k = 1; k <= rounds; k++) {
    for (const [i, { name, port, path }] of targets.entries()) {
      // An ISR hit, as a visitor would mostly get; a first render would be measured otherwise.
      // The floor is static: one request is enough to have it served from memory.
      if (name === 'floor') await request({ port, path })
      else await warmPage(port, path)
      const gathered = await gather(`http://localhost:${port}${path}`, slowdown.mid)
      const lhrs: Record<CpuTier, Lhr> = { mid: gathered.lhr, low: await auditAgain(gathered, slowdown.low) }
      const line: string[] = []
      for (const tier of CPU_TIERS) {
        const page = byTier[tier][i] as PageRuns
        const lhr = lhrs[tier]
        page.last = lhr
        // Each whole report, to read the audits behind a score (or open in the Lighthouse viewer).
        const report = join(logDir, `lighthouse-${tier}-${name}-${k}.json`)
        writeFileSync(report, JSON.stringify(lhr))
        const metrics = lhr.audits.metrics?.details?.items?.[0] as RunMetrics | undefined
        const run: LighthouseRun = { scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score])), metrics }
        const loaded = loadFigures(lhr.audits)
        // Scripts that arrived before the largest paint: Lantern may count them in the LCP (./bench/lighthouse-runs.ts).
        const early = scriptsBeforePaint((lhr.audits['network-requests']?.details?.items ?? []) as RequestRow[], metrics)
        page.runs.push(run)
        page.figures.push(loaded)
        page.breakdowns.push(mainThreadBreakdown(lhr.audits['mainthread-work-breakdown']?.details?.items))
        page.early.push(early)
        const perf = run.scores.performance
        line.push(
          `${tier} performance ${typeof perf === 'number' ? Math.round(perf * 100) : 'n/a'}, TBT ${formatFigure('tbtMs', loaded.tbtMs)}, main-thread ${formatFigure('mainThreadMs', loaded.mainThreadMs)}, LCP ${formatFigure('lcpMs', loaded.lcpMs)}`,
        )
        if (tier === 'low') {
          const stall = paintStalled(metrics)
            ? `; first paint held back ${Math.round(paintHoldMs(metrics) ?? 0)} ms after DOMContentLoaded (headless paint stall)`
            : ''
          const raced =
            early && early.count > 0
              ? `; ${early.count} scripts (${Math.round(early.bytes / 1000)} kB) loaded before the paint at ${Math.round(metrics?.observedLargestContentfulPaint ?? 0)} ms`
              : ''
          line.push(`CLS ${formatFigure('cls', loaded.cls)}${stall}${raced}; ${report}`)
        }
      }
      say(`  round ${k} ${name.padEnd(7)} ${line.join('; ')}`)
    }
  }

  for (const tier of CPU_TIERS) {
    const pages = byTier[tier]
    const [floor, ...ours] = pages
    if (!floor) throw new Error('no floor page')
    const floorMedians = pageFigures(floor)
    const medians = Object.fromEntries(ours.map((page) => [page.target.name, pageFigures(page)]))
    say(`\n  ${tier} tier (CPU ${formatSlowdown(slowdown[tier])}): medians of ${rounds} rounds, and each page against the floor:`)
    for (const line of floorTable(floorMedians, medians, tier)) say(`    ${line}`)
    const breakdowns = Object.fromEntries(pages.map((page) => [page.target.name, medianBreakdown(page.breakdowns)]))
    say(`  ${tier} tier: main-thread work by category (medians; Lighthouse's groups):`)
    const { floor: floorBreakdown, ...ourBreakdowns } = breakdowns
    for (const line of breakdownLines(floorBreakdown ?? {}, ourBreakdowns)) say(`    ${line}`)
    const tierDetails: Record<string, unknown> = { slowdown: slowdown[tier] }

    for (const page of pages) {
      const { name, path } = page.target
      const prefix = `lighthouse ${tier} ${name}`
      const m = pageFigures(page)
      figures.push(
        figure(`${prefix}: performance`, m.performance, ''),
        figure(`${prefix}: TBT`, m.tbtMs === null ? null : Math.round(m.tbtMs), 'ms'),
        figure(`${prefix}: main-thread work`, m.mainThreadMs === null ? null : Math.round(m.mainThreadMs), 'ms'),
        figure(`${prefix}: LCP (simulated)`, m.lcpMs === null ? null : Math.round(m.lcpMs), 'ms'),
      )
      const comparisons = name === 'floor' ? [] : compareToFloor(m, floorMedians, tier)
      for (const c of comparisons) figures.push(againstFigure(prefix, c))
      const summary = summariseRuns(page.runs, CATEGORIES)
      const last = page.last
      if (name !== 'floor') {
        const lostPerf = last ? losses(last, 'performance') : []
        if (lostPerf.length) say(`  ${tier} ${name}: performance points lost (last round) to: ${lostPerf.join(', ')}`)
      }
      tierDetails[name] = {
        path,
        runs: page.runs.map((r, i) => ({ scores: r.scores, figures: page.figures[i], breakdown: page.breakdowns[i] })),
        medians: m,
        breakdown: breakdowns[name],
        againstFloor: comparisons.map((c) => ({ key: c.goal.key, goal: c.goal.text, page: c.page, floor: c.floor, vsFloor: c.vsFloor, met: c.met })),
        lost: last ? Object.fromEntries(CATEGORIES.map((id) => [id, losses(last, id)])) : {},
      }
      // What does not depend on the CPU: the other categories, the paint stall, the scripts' race, the console.
      if (tier !== 'low') continue
      if (name !== 'floor') {
        for (const goal of GOALS) {
          const f = figure(`lighthouse ${name}: ${goal.label}`, summary.scores[goal.id] ?? null, '', { text: goal.text, met: (v) => v >= goal.min })
          figures.push(f)
          const lost = last ? losses(last, goal.id) : []
          say(
            `  → ${f.name}: ${formatValue(f)}  goal ${goal.text}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}${lost.length ? `; points lost (last round) to: ${lost.join(', ')}` : ''}`,
          )
        }
      }
      figures.push(figure(`lighthouse ${name}: CLS`, m.cls === null ? null : Number(m.cls.toFixed(3)), ''))
      figures.push(figure(`lighthouse ${name}: runs with a headless paint stall`, summary.stalled, `of ${summary.runs}`))
      say(`    ${name}: runs with a headless paint stall: ${summary.stalled} of ${summary.runs}`)
      const raced = page.early.filter((e) => e !== null && e.count > 0).length
      figures.push(figure(`lighthouse ${name}: runs with scripts loaded before the largest paint`, raced, `of ${page.runs.length}`))
      say(`    ${name}: runs whose scripts loaded before the largest paint (Lantern counts them into LCP): ${raced} of ${page.runs.length}`)
      for (const warning of last?.runWarnings ?? []) say(`    Lighthouse warning (${name}): ${warning}`)
      const consoleErrors = (last?.audits['errors-in-console']?.details?.items ?? []).map((item) => String(item.description ?? '').slice(0, 160))
      for (const error of new Set(consoleErrors)) say(`    console error (${name}): ${error}`)
      details[name] = {
        path,
        version: last?.lighthouseVersion,
        scores: summary.scores,
        stalled: page.runs.map((r) => paintStalled(r.metrics)),
        scriptsBeforePaint: page.early,
        consoleErrors,
        warnings: last?.runWarnings ?? [],
      }
    }
    details[tier] = tierDetails
  }
  details.rounds = rounds
  details.calibration = options.calibration
  return { figures, details }
}

/** Alone: its own simulator, site and floor, and its figures in bench-results.json beside the others. */
async function alone(): Promise<void> {
  const root = resolve(__dirname, '..')
  const logDir = join(tmpdir(), 'spot-bench-lighthouse')
  await withAloneStack(root, logDir, async (site, started) => {
    const floor = await buildFloor(root, logDir, ALONE_FLOOR_PORT)
    if (floor.seconds !== null) console.log(`next build (floor): ${floor.seconds.toFixed(0)} s`)
    started.push(await startFloor(floor.dir, ALONE_FLOOR_PORT, logDir))
    const calibration = await measureCalibration()
    console.log(`CPU tiers: ${describeCalibration(calibration)}`)
    const { figures, details } = await runLighthouseBench({ site, floor: ALONE_FLOOR_PORT }, logDir, console.log, { calibration })
    console.log(`\nwritten: ${mergeResults(root, 'lighthouse ', figures, 'lighthouse', details)}`)
  })
}

if (require.main === module) {
  alone().catch((error: unknown) => {
    console.error(`bench-lighthouse failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
