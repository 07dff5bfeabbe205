/**
 * Phone-CPU figures of the markets page and a pair page, for `npm run bench` (scripts/bench.ts
 * calls runPhoneCpuBench against its running site): each page loaded in Debian's Chromium as a
 * low-tier phone (412×823, device pixel ratio 1.75, as Lighthouse's mobile emulation) with the
 * CPU slowed to the low tier (./bench/cpu-tiers.ts) and the network to Lighthouse's slow 4G
 * through the DevTools protocol (as Lighthouse's `devtools` throttling), then 5 s of the page's
 * own life (its engines, first revalidation, chart and live prices). Figures: main-thread task,
 * script and style+layout time from the renderer's own counters, long tasks and their blocking
 * time after the first paint, the observed LCP (issue #50's goal: ≤ floor + 0.5 s), medians of
 * `BENCH_PHONE_RUNS` loads (default 3). The floor (a bare Next page, scripts/bench/floor.ts)
 * loads in the same rounds, and the task time is split at React's first commit (the hydration, seen
 * through a minimal DevTools hook) and 2 s after it, so each phase reads against the floor's.
 * Pure part: scripts/bench/phone-cpu.ts.
 */
import { chromium } from '@playwright/test'
import {
  FLOOR_RATIO_MIN_MS,
  OBSERVED_LCP_OVER_FLOOR_MS,
  observedLcpAgainstFloor,
  PHONE_AFTER_HYDRATION_MS,
  PHONE_START_MS,
  phoneFloorLines,
  phoneFloorRows,
  summarisePhoneLoads,
  type PhoneLoad,
  type PhoneSummary,
} from './bench/phone-cpu'
import { figure, runsFromEnv, type Figure } from './bench/report'
import { warmPage } from './bench/stack'
import { FLOOR_PATH } from './bench/floor'
import { BENCH_PAGES, CHROME, PHONE_CONTEXT, PLAYWRIGHT_FLAGS } from './bench/chromium'
import { formatSlowdown, type Calibration } from './bench/cpu-tiers'

export const PHONE_RUNS = 3

const LONG_TASKS = `window.__benchLcp = null; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchLcp = e.startTime }).observe({ type: 'largest-contentful-paint', buffered: true }); window.__benchLongTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]) }).observe({ type: 'longtask', buffered: true })`
/** React reports each commit to a DevTools hook when one is installed; its first on a page is the hydration. */
const HYDRATION_COMMIT = `window.__benchHydratedAt = null; window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1 }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onCommitFiberRoot() { if (window.__benchHydratedAt === null) window.__benchHydratedAt = performance.now() } }`
/** How long a load may take to hydrate; past it the load has no hydration figure, and its phases start where the wait gave up. */
const HYDRATION_WAIT_MS = 15_000

/** Lighthouse's slow 4G as its `devtools` throttling applies it (latency, bytes per second). */
async function slow4G(): Promise<{ latency: number; downloadThroughput: number; uploadThroughput: number }> {
  const { throttling } = await import('lighthouse/core/config/constants.js')
  const t = throttling.mobileSlow4G
  return { latency: t.requestLatencyMs, downloadThroughput: (t.downloadThroughputKbps * 1024) / 8, uploadThroughput: (t.uploadThroughputKbps * 1024) / 8 }
}

async function loadOnce(url: string, cpuSlowdown: number): Promise<PhoneLoad> {
  const browser = await chromium.launch({ executablePath: CHROME, args: PLAYWRIGHT_FLAGS })
  try {
    // A fresh context per load: no cache, storage or service worker from the one before.
    const context = await browser.newContext(PHONE_CONTEXT)
    const page = await context.newPage()
    await page.addInitScript({ content: LONG_TASKS })
    await page.addInitScript({ content: HYDRATION_COMMIT })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...(await slow4G()) })
    await cdp.send('Performance.enable')
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0
    await page.goto(url, { waitUntil: 'load' })
    // Polled from here: waitForFunction's in-page polling compiles its predicate, which our CSP forbids.
    let hydrated = false
    for (const until = Date.now() + HYDRATION_WAIT_MS; !hydrated && Date.now() < until;) {
      hydrated = (await page.evaluate('window.__benchHydratedAt !== null')) === true
      if (!hydrated) await page.waitForTimeout(100)
    }
    const from = Date.now()
    const atBoot = await taskSeconds()
    await page.waitForTimeout(PHONE_START_MS)
    const atStart = await taskSeconds()
    await page.waitForTimeout(Math.max(0, PHONE_AFTER_HYDRATION_MS - (Date.now() - from)))
    const { metrics } = await cdp.send('Performance.getMetrics')
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]))
    const ms = (name: string) => Math.round((m[name] ?? 0) * 1000)
    const phaseMs = {
      boot: Math.round(atBoot * 1000),
      start: Math.round((atStart - atBoot) * 1000),
      live: Math.round(((m.TaskDuration ?? 0) - atStart) * 1000),
    }
    const marks = (await page.evaluate(`[performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0, window.__benchHydratedAt]`)) as [
      number,
      number | null,
    ]
    const hydratedAfterLoadMs = hydrated && marks[1] !== null ? Math.round(marks[1] - marks[0]) : null
    const longTasks = (await page.evaluate('window.__benchLongTasks')) as [number, number][]
    const firstPaint = (await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`)) as number | null
    const lcp = (await page.evaluate('window.__benchLcp')) as number | null
    return {
      phaseMs,
      hydratedAfterLoadMs,
      taskMs: ms('TaskDuration'),
      scriptMs: ms('ScriptDuration'),
      styleLayoutMs: ms('LayoutDuration') + ms('RecalcStyleDuration'),
      firstPaintMs: firstPaint === null ? null : Math.round(firstPaint),
      lcpMs: lcp === null ? null : Math.round(lcp),
      longTasks,
    }
  } finally {
    await browser.close()
  }
}

export async function runPhoneCpuBench(
  port: number,
  say: (line: string) => void,
  floorPort: number,
  calibration: Calibration,
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const cpu = calibration.slowdown.low
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const runs = runsFromEnv('BENCH_PHONE_RUNS', PHONE_RUNS, 50)
  say(
    `\nLow-tier phone, observed (Chromium, 412×823 at DPR 1.75, CPU ${formatSlowdown(cpu)} slower and slow 4G through DevTools, to the hydration + ${PHONE_AFTER_HYDRATION_MS / 1000} s; median of ${runs} loads per page, the floor in the same rounds)`,
  )
  const targets: [string, number, string][] = [
    ['floor', floorPort, FLOOR_PATH],
    ...Object.entries(BENCH_PAGES).map(([name, path]): [string, number, string] => [name, port, path]),
  ]
  const loads = new Map<string, PhoneLoad[]>(targets.map(([name]) => [name, []]))
  // Interleaved: floor, pair, markets in each round, so a busy minute on the machine weighs on all alike.
  for (let k = 1; k <= runs; k++) {
    for (const [name, targetPort, path] of targets) {
      await warmPage(targetPort, path)
      const load = await loadOnce(`http://localhost:${targetPort}${path}`, cpu)
      loads.get(name)?.push(load)
      say(
        `  ${name} load ${k}: tasks ${load.phaseMs.boot} + ${load.phaseMs.start} + ${load.phaseMs.live} ms (to the hydration commit, +${PHONE_START_MS / 1000} s, +${PHONE_AFTER_HYDRATION_MS / 1000} s), hydrated ${load.hydratedAfterLoadMs ?? 'n/a'} ms after load, script ${load.scriptMs} ms, style+layout ${load.styleLayoutMs} ms, first paint ${load.firstPaintMs ?? 'none'} ms, LCP ${load.lcpMs ?? 'none'} ms, long tasks ${load.longTasks.map(([, d]) => Math.round(d)).join(' ') || 'none'}`,
      )
    }
  }
  const floor = summarisePhoneLoads(loads.get('floor') ?? [])
  say(`  → floor: tasks ${floor.taskMs} ms, blocking after first paint ${floor.blockingMs} ms, first paint ${floor.firstPaintMs} ms, LCP ${floor.lcpMs} ms`)
  const pages: Record<string, PhoneSummary> = {}
  for (const [name, path] of Object.entries(BENCH_PAGES)) {
    const s = summarisePhoneLoads(loads.get(name) ?? [])
    pages[name] = s
    figures.push(
      figure(`phone CPU ${name}: main-thread task time`, s.taskMs, 'ms'),
      figure(`phone CPU ${name}: tasks to the hydration commit`, s.phaseMs.boot, 'ms'),
      figure(`phone CPU ${name}: tasks in the ${PHONE_START_MS / 1000} s after hydration`, s.phaseMs.start, 'ms'),
      figure(`phone CPU ${name}: hydration commit after load`, s.hydratedAfterLoadMs, 'ms'),
      figure(`phone CPU ${name}: script`, s.scriptMs, 'ms'),
      figure(`phone CPU ${name}: blocking time after first paint`, s.blockingMs, 'ms'),
      figure(`phone CPU ${name}: long tasks`, s.longTasks, ''),
      figure(`phone CPU ${name}: LCP (observed, low tier)`, s.lcpMs, 'ms'),
    )
    const lcp = observedLcpAgainstFloor(s, floor)
    figures.push(
      figure(`phone CPU ${name}: LCP (observed, low tier) − floor`, lcp.overMs === null ? null : lcp.overMs / 1000, 's', {
        text: `≤ +${OBSERVED_LCP_OVER_FLOOR_MS / 1000} s`,
        met: () => lcp.met === true,
      }),
    )
    say(
      `  → ${name}: tasks ${s.taskMs} ms, hydrated ${s.hydratedAfterLoadMs ?? 'n/a'} ms after load, script ${s.scriptMs} ms, style+layout ${s.styleLayoutMs} ms, blocking after first paint ${s.blockingMs} ms, long tasks ${s.longTasks}, first paint ${s.firstPaintMs} ms, LCP ${s.lcpMs} ms (floor ${floor.lcpMs} ms: ${lcp.overMs === null ? 'n/a' : `${lcp.overMs >= 0 ? '+' : '−'}${(Math.abs(lcp.overMs) / 1000).toFixed(2)} s`}, goal ≤ +${OBSERVED_LCP_OVER_FLOOR_MS / 1000} s: ${lcp.met === null ? 'not measured' : lcp.met ? 'met' : 'MISSED'})`,
    )
    details[name] = { path, summary: s, loads: loads.get(name) }
  }
  const rows = phoneFloorRows(floor, pages)
  for (const row of rows)
    for (const [name, { ratio }] of Object.entries(row.pages))
      if (ratio !== null) figures.push(figure(`phone CPU ${name}: ${row.label} / floor`, Math.round(ratio * 100) / 100, '×'))
  say(`  against the floor (medians; a ratio where the floor did ≥ ${FLOOR_RATIO_MIN_MS} ms):`)
  for (const line of phoneFloorLines(rows)) say(line)
  details.slowdown = cpu
  details.floor = { path: FLOOR_PATH, summary: floor, loads: loads.get('floor') }
  return { figures, details }
}
