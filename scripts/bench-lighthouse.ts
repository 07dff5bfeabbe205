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
import {
  compareToFloor,
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
import { figure, formatValue, median, mergeResults, runsFromEnv, type Figure } from './bench/report'
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

async function audit(url: string): Promise<Lhr> {
  const { default: lighthouse } = await import('lighthouse')
  const { launch } = await import('chrome-launcher')
  // A fresh browser per page: no cache, service worker or storage carried from the other page.
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    // Lighthouse's default config: a mobile device with simulated throttling (slow 4G, 4× CPU).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    return result.lhr as unknown as Lhr
  } finally {
    chrome.kill()
  }
}

/** Interleaved rounds (median taken per page); `BENCH_LIGHTHOUSE_ROUNDS` sets another count. */
export const LIGHTHOUSE_ROUNDS = 5

export interface LighthouseSites {
  /** Our site (pair and markets pages). */
  site: number
  /** The floor (scripts/bench/floor.ts). */
  floor: number
}

/** One page's runs, and its last report (for the audits that cost points and the console errors). */
interface PageRuns {
  target: { name: string; port: number; path: string }
  runs: LighthouseRun[]
  figures: LoadFigures[]
  early: ({ count: number; bytes: number } | null)[]
  last?: Lhr
}

const pageFigures = (page: PageRuns): PageFigures => ({
  performance: summariseRuns(page.runs, ['performance']).scores.performance ?? null,
  ...medianFigures(page.figures),
})

/** A goal figure of the summary table: the page against the floor (or CLS alone). */
function againstFigure(name: string, c: FloorComparison): Figure {
  const { goal } = c
  const value = goal.against === 'none' ? c.page : c.vsFloor
  const shown = value !== null && goal.key === 'lcpMs' ? value / 1000 : value
  const unit = goal.against === 'ratio' ? '×' : goal.key === 'lcpMs' ? 's' : goal.key === 'performance' ? 'points' : ''
  const suffix = goal.against === 'ratio' ? ' / floor' : goal.against === 'difference' ? ' − floor' : ''
  return { name: `lighthouse ${name}: ${goal.label}${suffix}`, value: shown, unit, goal: goal.againstText, met: c.met }
}

export async function runLighthouseBench(
  sites: LighthouseSites,
  logDir: string,
  say: (line: string) => void,
  options: { minRounds?: number } = {},
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const rounds = runsFromEnv('BENCH_LIGHTHOUSE_ROUNDS', LIGHTHOUSE_ROUNDS, 20)
  if (rounds < (options.minRounds ?? 1)) throw new Error(`BENCH_LIGHTHOUSE_ROUNDS must be at least ${options.minRounds} here, not ${rounds}`)
  mkdirSync(logDir, { recursive: true })
  // The floor first in each round, as issue #26 measured it.
  const target = (name: string, port: number, path: string): PageRuns => ({ target: { name, port, path }, runs: [], figures: [], early: [] })
  const pages = [target('floor', sites.floor, FLOOR_PATH), target('pair', sites.site, BENCH_PAGES.pair), target('markets', sites.site, BENCH_PAGES.markets)]
  say(
    `\nLighthouse mobile figures against the floor, a bare Next page (default config: simulated slow 4G and 4× CPU; ${CHROME}; ${rounds} interleaved rounds of ${pages.map((p) => p.target.name).join(', ')}; medians)`,
  )
  for (let k = 1; k <= rounds; k++) {
    for (const page of pages) {
      const { name, port, path } = page.target
      // An ISR hit, as a visitor would mostly get; a first render would be measured otherwise.
      // The floor is static: one request is enough to have it served from memory.
      if (name === 'floor') await request({ port, path })
      else await warmPage(port, path)
      const lhr = await audit(`http://localhost:${port}${path}`)
      page.last = lhr
      // Each whole report, to read the audits behind a score (or open in the Lighthouse viewer).
      const report = join(logDir, `lighthouse-${name}-${k}.json`)
      writeFileSync(report, JSON.stringify(lhr))
      const metrics = lhr.audits.metrics?.details?.items?.[0] as RunMetrics | undefined
      const run: LighthouseRun = { scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score])), metrics }
      const loaded = loadFigures(lhr.audits)
      // Scripts that arrived before the largest paint: Lantern may count them in the LCP (./bench/lighthouse-runs.ts).
      const early = scriptsBeforePaint((lhr.audits['network-requests']?.details?.items ?? []) as RequestRow[], metrics)
      page.runs.push(run)
      page.figures.push(loaded)
      page.early.push(early)
      const perf = run.scores.performance
      const stall = paintStalled(metrics)
        ? `; first paint held back ${Math.round(paintHoldMs(metrics) ?? 0)} ms after DOMContentLoaded (headless paint stall)`
        : ''
      const raced =
        early && early.count > 0
          ? `; ${early.count} scripts (${Math.round(early.bytes / 1000)} kB) loaded before the paint at ${Math.round(metrics?.observedLargestContentfulPaint ?? 0)} ms`
          : ''
      say(
        `  round ${k} ${name.padEnd(7)} performance ${typeof perf === 'number' ? Math.round(perf * 100) : 'n/a'}; TBT ${formatFigure('tbtMs', loaded.tbtMs)}, main-thread ${formatFigure('mainThreadMs', loaded.mainThreadMs)}, CLS ${formatFigure('cls', loaded.cls)}, LCP ${formatFigure('lcpMs', loaded.lcpMs)}${stall}${raced}; ${report}`,
      )
    }
  }

  const [floor, ...ours] = pages
  if (!floor) throw new Error('no floor page')
  const floorMedians = pageFigures(floor)
  const medians = Object.fromEntries(ours.map((page) => [page.target.name, pageFigures(page)]))
  say(`\n  Medians of ${rounds} rounds, and each page against the floor:`)
  for (const line of floorTable(floorMedians, medians)) say(`    ${line}`)

  for (const page of pages) {
    const { name, path } = page.target
    const m = pageFigures(page)
    figures.push(
      figure(`lighthouse ${name}: performance`, m.performance, ''),
      figure(`lighthouse ${name}: TBT`, m.tbtMs === null ? null : Math.round(m.tbtMs), 'ms'),
      figure(`lighthouse ${name}: main-thread work`, m.mainThreadMs === null ? null : Math.round(m.mainThreadMs), 'ms'),
      figure(`lighthouse ${name}: CLS`, m.cls === null ? null : Number(m.cls.toFixed(3)), ''),
      figure(`lighthouse ${name}: LCP`, m.lcpMs === null ? null : Math.round(m.lcpMs), 'ms'),
    )
    const comparisons = name === 'floor' ? [] : compareToFloor(m, floorMedians)
    for (const c of comparisons) figures.push(againstFigure(name, c))
    const summary = summariseRuns(page.runs, CATEGORIES)
    const last = page.last
    if (name !== 'floor') {
      const lostPerf = last ? losses(last, 'performance') : []
      if (lostPerf.length) say(`  ${name}: performance points lost (last round) to: ${lostPerf.join(', ')}`)
      for (const goal of GOALS) {
        const f = figure(`lighthouse ${name}: ${goal.label}`, summary.scores[goal.id] ?? null, '', { text: goal.text, met: (v) => v >= goal.min })
        figures.push(f)
        const lost = last ? losses(last, goal.id) : []
        say(
          `  → ${f.name}: ${formatValue(f)}  goal ${goal.text}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}${lost.length ? `; points lost (last round) to: ${lost.join(', ')}` : ''}`,
        )
      }
    }
    figures.push(figure(`lighthouse ${name}: runs with a headless paint stall`, summary.stalled, `of ${summary.runs}`))
    say(
      `    ${name}: runs with a headless paint stall: ${summary.stalled} of ${summary.runs}; performance median without them: ${summary.performanceUnstalled ?? 'no such run'}`,
    )
    const raced = page.early.filter((e) => e !== null && e.count > 0).length
    const paintedFirst = page.figures
      .filter((_, i) => page.early[i]?.count === 0)
      .map((f) => f.lcpMs)
      .filter((v): v is number => v !== null)
    figures.push(figure(`lighthouse ${name}: runs with scripts loaded before the largest paint`, raced, `of ${page.runs.length}`))
    say(
      `    ${name}: runs whose scripts loaded before the largest paint (Lantern counts them into LCP): ${raced} of ${page.runs.length}; LCP median of the others: ${formatFigure('lcpMs', median(paintedFirst))}`,
    )
    for (const warning of last?.runWarnings ?? []) say(`    Lighthouse warning (${name}): ${warning}`)
    const consoleErrors = (last?.audits['errors-in-console']?.details?.items ?? []).map((item) => String(item.description ?? '').slice(0, 160))
    for (const error of new Set(consoleErrors)) say(`    console error (${name}): ${error}`)
    details[name] = {
      path,
      version: last?.lighthouseVersion,
      runs: page.runs.map((r, i) => ({ scores: r.scores, figures: page.figures[i], stalled: paintStalled(r.metrics), scriptsBeforePaint: page.early[i] })),
      scores: summary.scores,
      medians: m,
      againstFloor: comparisons.map((c) => ({ key: c.goal.key, goal: c.goal.text, page: c.page, floor: c.floor, vsFloor: c.vsFloor, met: c.met })),
      performanceUnstalled: summary.performanceUnstalled,
      lost: last ? Object.fromEntries(CATEGORIES.map((id) => [id, losses(last, id)])) : {},
      consoleErrors,
      warnings: last?.runWarnings ?? [],
    }
  }
  details.rounds = rounds
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
    const { figures, details } = await runLighthouseBench({ site, floor: ALONE_FLOOR_PORT }, logDir, console.log)
    console.log(`\nwritten: ${mergeResults(root, 'lighthouse ', figures, 'lighthouse', details)}`)
  })
}

if (require.main === module) {
  alone().catch((error: unknown) => {
    console.error(`bench-lighthouse failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
