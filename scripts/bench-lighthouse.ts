/**
 * Lighthouse 13 mobile scores of the markets page and a pair page, for `npm run bench`
 * (scripts/bench.ts calls runLighthouseBench against its running site). Alone:
 * `npx tsx scripts/bench-lighthouse.ts` starts the simulator and `next start` on
 * E2E_PORT_OFFSET=170's range (6700…6705; builds first unless BENCH_SKIP_BUILD=1 and a build
 * exists), and puts its figures
 * into bench-results.json in place of earlier Lighthouse figures. Settings and flags:
 * docs/decisions.md "Lighthouse scores in the bench".
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { paintHoldMs, paintStalled, summariseRuns, type LighthouseRun, type RunMetrics } from './bench/lighthouse-runs'
import { figure, formatValue, runsFromEnv, writeResults, type Figure } from './bench/report'
import { buildSite, siteEnv, startSimulator, startSite, warmPage } from './bench/stack'
import { BENCH_LIGHTHOUSE_PORTS } from './support/ports'
import { stopAll, type Started } from './support/processes'

const CHROME = '/usr/bin/chromium'
/** Headless Debian Chromium as root in a container, with no background traffic of its own. */
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
export const LIGHTHOUSE_PAGES = { markets: '/en', pair: '/en/trade/spot/BTC/USDT' } as const
/** Issue targets; Lighthouse scores are 0–1, shown ×100. */
const GOALS = [
  { id: 'performance', label: 'performance', min: 95, text: '≥ 95' },
  { id: 'accessibility', label: 'accessibility', min: 95, text: '≥ 95' },
  { id: 'best-practices', label: 'best practices', min: 95, text: '≥ 95' },
  { id: 'seo', label: 'SEO', min: 100, text: '100' },
] as const

interface Audit { id: string; title: string; score: number | null; displayValue?: string; details?: { items?: ({ description?: unknown } & Record<string, unknown>)[] } }
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

/** Runs per page (median taken); `BENCH_LIGHTHOUSE_RUNS` sets another count. */
export const LIGHTHOUSE_RUNS = 3

export async function runLighthouseBench(port: number, logDir: string, say: (line: string) => void): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const runs = runsFromEnv('BENCH_LIGHTHOUSE_RUNS', LIGHTHOUSE_RUNS, 20)
  mkdirSync(logDir, { recursive: true })
  say(`\nLighthouse mobile scores (default config: simulated slow 4G and 4× CPU; ${CHROME}; median of ${runs} runs per page)`)
  for (const [name, path] of Object.entries(LIGHTHOUSE_PAGES)) {
    const results: LighthouseRun[] = []
    let last: Lhr | undefined
    for (let k = 1; k <= runs; k++) {
      // An ISR hit, as a visitor would mostly get; a first render would be measured otherwise.
      await warmPage(port, path)
      const lhr = await audit(`http://localhost:${port}${path}`)
      last = lhr
      // Each whole report, to read the audits behind a score (or open in the Lighthouse viewer).
      const report = join(logDir, `lighthouse-${name}-${k}.json`)
      writeFileSync(report, JSON.stringify(lhr))
      const metrics = lhr.audits.metrics?.details?.items?.[0] as RunMetrics | undefined
      const run: LighthouseRun = { scores: Object.fromEntries(GOALS.map((g) => [g.id, lhr.categories[g.id]?.score])), metrics }
      results.push(run)
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a'
      const perf = run.scores.performance
      say(`  ${name} run ${k}: performance ${typeof perf === 'number' ? Math.round(perf * 100) : 'n/a'}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}${paintStalled(metrics) ? `; first paint held back ${Math.round(paintHoldMs(metrics) ?? 0)} ms after DOMContentLoaded (headless paint stall)` : ''}`)
      say(`    report: ${report}`)
    }
    const summary = summariseRuns(results, GOALS.map((g) => g.id))
    for (const goal of GOALS) {
      const f = figure(`lighthouse ${name}: ${goal.label}`, summary.scores[goal.id] ?? null, '', { text: goal.text, met: (v) => v >= goal.min })
      figures.push(f)
      const lost = last ? losses(last, goal.id) : []
      say(`  → ${f.name}: ${formatValue(f)}  goal ${goal.text}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}${lost.length ? `; points lost (last run) to: ${lost.join(', ')}` : ''}`)
    }
    figures.push(figure(`lighthouse ${name}: runs with a headless paint stall`, summary.stalled, `of ${summary.runs}`))
    figures.push(figure(`lighthouse ${name}: performance without stalled runs`, summary.performanceUnstalled, ''))
    say(`    runs with a headless paint stall: ${summary.stalled} of ${summary.runs}; performance median without them: ${summary.performanceUnstalled ?? 'no such run'}`)
    for (const warning of last?.runWarnings ?? []) say(`    Lighthouse warning: ${warning}`)
    const consoleErrors = (last?.audits['errors-in-console']?.details?.items ?? []).map((item) => String(item.description ?? '').slice(0, 160))
    for (const error of new Set(consoleErrors)) say(`    console error: ${error}`)
    details[name] = {
      path,
      version: last?.lighthouseVersion,
      runs: results.map((r) => ({ scores: r.scores, stalled: paintStalled(r.metrics) })),
      scores: summary.scores,
      performanceUnstalled: summary.performanceUnstalled,
      lost: last ? Object.fromEntries(GOALS.map((g) => [g.id, losses(last, g.id)])) : {},
      consoleErrors,
      warnings: last?.runWarnings ?? [],
    }
  }
  return { figures, details }
}

/** Alone: its own simulator and site, and its figures in bench-results.json beside the others. */
async function alone(): Promise<void> {
  const root = resolve(__dirname, '..')
  const logDir = join(tmpdir(), 'spot-bench-lighthouse')
  const { site, sim } = BENCH_LIGHTHOUSE_PORTS
  const started: Started[] = []
  const stop = () => stopAll(started)
  process.on('SIGINT', () => void stop().then(() => process.exit(130)))
  try {
    started.push(await startSimulator(root, logDir, sim, [site]))
    const env = siteEnv(site, {}, sim)
    const seconds = await buildSite(root, env, logDir)
    if (seconds !== null) console.log(`next build: ${seconds.toFixed(0)} s`)
    started.push(await startSite(root, site, env, logDir, 'lighthouse'))
    const { figures, details } = await runLighthouseBench(site, logDir, console.log)
    const file = join(root, 'bench-results.json')
    const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figure[]; details?: Record<string, unknown> }) : {}
    const kept = (before.figures ?? []).filter((f) => !f.name.startsWith('lighthouse '))
    writeResults(file, [...kept, ...figures], { ...before.details, lighthouse: details })
    console.log(`\nwritten: ${file}`)
  } finally {
    await stop()
  }
}

if (require.main === module) {
  alone().catch((error: unknown) => {
    console.error(`bench-lighthouse failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
