/**
 * Phone-CPU figures of the markets page and a pair page, for `npm run bench` (scripts/bench.ts
 * calls runPhoneCpuBench against its running site): each page loaded in Debian's Chromium as a
 * phone (412×823, device pixel ratio 1.75, as Lighthouse's mobile emulation) with the CPU slowed
 * 4× through the DevTools protocol, then 5 s of the page's own life (its engines, first
 * revalidation, chart and live prices). Figures: main-thread task, script and style+layout time
 * from the renderer's own counters, long tasks and their blocking time after the first paint,
 * medians of `BENCH_PHONE_RUNS` loads (default 5). The floor (a bare Next page, scripts/bench/floor.ts)
 * loads in the same rounds, and the task time is split at the load event and 2 s after it, so each
 * phase reads against the floor's. Pure part: scripts/bench/phone-cpu.ts.
 */
import { chromium } from '@playwright/test'
import { FLOOR_RATIO_MIN_MS, PHONE_AFTER_LOAD_MS, PHONE_START_MS, phoneFloorLines, phoneFloorRows, summarisePhoneLoads, type PhoneLoad, type PhoneSummary } from './bench/phone-cpu'
import { figure, runsFromEnv, type Figure } from './bench/report'
import { warmPage } from './bench/stack'
import { FLOOR_PATH } from './bench/floor'
import { BENCH_PAGES, CHROME, PHONE_CONTEXT, PHONE_CPU_SLOWDOWN, PLAYWRIGHT_FLAGS } from './bench/chromium'

export const PHONE_RUNS = 5

const LONG_TASKS = `window.__benchLongTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]) }).observe({ type: 'longtask', buffered: true })`

async function loadOnce(url: string): Promise<PhoneLoad> {
  const browser = await chromium.launch({ executablePath: CHROME, args: PLAYWRIGHT_FLAGS })
  try {
    // A fresh context per load: no cache, storage or service worker from the one before.
    const context = await browser.newContext(PHONE_CONTEXT)
    const page = await context.newPage()
    await page.addInitScript({ content: LONG_TASKS })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN })
    await cdp.send('Performance.enable')
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0
    await page.goto(url, { waitUntil: 'load' })
    const loaded = Date.now()
    const atLoad = await taskSeconds()
    await page.waitForTimeout(PHONE_START_MS)
    const atStart = await taskSeconds()
    await page.waitForTimeout(Math.max(0, PHONE_AFTER_LOAD_MS - (Date.now() - loaded)))
    const { metrics } = await cdp.send('Performance.getMetrics')
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]))
    const ms = (name: string) => Math.round((m[name] ?? 0) * 1000)
    const phaseMs = { load: Math.round(atLoad * 1000), start: Math.round((atStart - atLoad) * 1000), steady: Math.round(((m.TaskDuration ?? 0) - atStart) * 1000) }
    const longTasks = (await page.evaluate('window.__benchLongTasks')) as [number, number][]
    const firstPaint = (await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`)) as number | null
    return { phaseMs, taskMs: ms('TaskDuration'), scriptMs: ms('ScriptDuration'), styleLayoutMs: ms('LayoutDuration') + ms('RecalcStyleDuration'), firstPaintMs: firstPaint === null ? null : Math.round(firstPaint), longTasks }
  } finally {
    await browser.close()
  }
}

export async function runPhoneCpuBench(port: number, say: (line: string) => void, floorPort: number): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const runs = runsFromEnv('BENCH_PHONE_RUNS', PHONE_RUNS, 50)
  say(`\nPhone CPU (Chromium, 412×823 at DPR 1.75, CPU ${PHONE_CPU_SLOWDOWN}× slower through DevTools, load + ${PHONE_AFTER_LOAD_MS / 1000} s; median of ${runs} loads per page, the floor in the same rounds)`)
  const targets: [string, number, string][] = [['floor', floorPort, FLOOR_PATH], ...Object.entries(BENCH_PAGES).map(([name, path]): [string, number, string] => [name, port, path])]
  const loads = new Map<string, PhoneLoad[]>(targets.map(([name]) => [name, []]))
  // Interleaved: floor, pair, markets in each round, so a busy minute on the machine weighs on all alike.
  for (let k = 1; k <= runs; k++) {
    for (const [name, targetPort, path] of targets) {
      await warmPage(targetPort, path)
      const load = await loadOnce(`http://localhost:${targetPort}${path}`)
      loads.get(name)?.push(load)
      say(`  ${name} load ${k}: tasks ${load.phaseMs.load} + ${load.phaseMs.start} + ${load.phaseMs.steady} ms (to load, +${PHONE_START_MS / 1000} s, +${PHONE_AFTER_LOAD_MS / 1000} s), script ${load.scriptMs} ms, style+layout ${load.styleLayoutMs} ms, first paint ${load.firstPaintMs ?? 'none'} ms, long tasks ${load.longTasks.map(([, d]) => Math.round(d)).join(' ') || 'none'}`)
    }
  }
  const floor = summarisePhoneLoads(loads.get('floor') ?? [])
  const pages: Record<string, PhoneSummary> = {}
  for (const [name, path] of Object.entries(BENCH_PAGES)) {
    const s = summarisePhoneLoads(loads.get(name) ?? [])
    pages[name] = s
    figures.push(
      figure(`phone CPU ${name}: main-thread task time`, s.taskMs, 'ms'),
      figure(`phone CPU ${name}: tasks to the load event`, s.phaseMs.load, 'ms'),
      figure(`phone CPU ${name}: tasks in the ${PHONE_START_MS / 1000} s after load`, s.phaseMs.start, 'ms'),
      figure(`phone CPU ${name}: script`, s.scriptMs, 'ms'),
      figure(`phone CPU ${name}: blocking time after first paint`, s.blockingMs, 'ms'),
      figure(`phone CPU ${name}: long tasks`, s.longTasks, ''),
    )
    say(`  → ${name}: tasks ${s.taskMs} ms, script ${s.scriptMs} ms, style+layout ${s.styleLayoutMs} ms, blocking after first paint ${s.blockingMs} ms, long tasks ${s.longTasks}, first paint ${s.firstPaintMs} ms`)
    details[name] = { path, summary: s, loads: loads.get(name) }
  }
  const rows = phoneFloorRows(floor, pages)
  for (const row of rows) for (const [name, { ratio }] of Object.entries(row.pages)) if (ratio !== null) figures.push(figure(`phone CPU ${name}: ${row.label} / floor`, Math.round(ratio * 100) / 100, '×'))
  say(`  against the floor (medians; a ratio where the floor did ≥ ${FLOOR_RATIO_MIN_MS} ms):`)
  for (const line of phoneFloorLines(rows)) say(line)
  details.floor = { path: FLOOR_PATH, summary: floor, loads: loads.get('floor') }
  return { figures, details }
}
