/**
 * The pair page with the order book against the same page without it (`?book=off`), in one run,
 * for `npm run bench` (scripts/bench.ts calls runBookBench against its running site) or alone:
 * `npx tsx scripts/bench/book.ts` (its own simulator and site, as the interactions part does).
 * Issue 51 item 7 (docs/decisions/pages.md "The order book and trades on the pair page").
 *
 * Debian's Chromium as a phone (./chromium.ts PHONE_CONTEXT) with its CPU slowed through CDP by
 * each rate of BENCH_BOOK_CPU_RATES (default "4,6": the mid and the low tier until the phone tiers
 * are calibrated), the simulator pushing the depth-50 book every 20 ms and 20 trades a second. Per
 * rate and variant, interleaved: after the load settles, a window of BENCH_BOOK_WINDOW_S (30 s)
 * streaming with, in its middle, a tap on the trades tab, back on the book, and a grouping change
 * by keyboard (with the book): the main thread's busy share (CDP Performance TaskDuration over the
 * window), the longest task (long-task entries), the slowest tap to its next paint (Event Timing),
 * and, with the book, the draws per animation frame (mutation batches of the book over frames).
 * Then the heap, both variants side by side at the first rate: at 30 s and after
 * BENCH_BOOK_HEAP_S (180 s) of streaming, each after a forced GC.
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { BENCH_PAGES, CHROME, PHONE_CONTEXT, PLAYWRIGHT_FLAGS } from './chromium'
import { figure, mergeResults, type Figure } from './report'
import { withAloneStack } from './stack'
import { BENCH_LIGHTHOUSE_PORTS } from '../support/ports'

/** Issue 51's goals: busy ≤ 25 % (mid) / 50 % (low), no task over 50 ms (mid), a tap to its paint ≤ 100 / 200 ms, heap within 2 MB. */
export const BOOK_GOALS = { busyPct: [25, 50], longestTaskMs: 50, tapMs: [100, 200], heapGrowthMB: 2 } as const

const OBSERVE = `window.__book = { frames: 0, draws: 0, longest: 0, taps: [] }
{
  const b = window.__book
  const frame = () => { b.frames++; requestAnimationFrame(frame) }
  requestAnimationFrame(frame)
  new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longest = Math.max(b.longest, e.duration) }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (['pointerup', 'click', 'keydown', 'pointerdown'].includes(e.name)) b.taps.push({ name: e.name, duration: e.duration, at: e.startTime })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  const watch = () => {
    const book = document.querySelector('[data-testid="order-book"]')
    if (!book) return setTimeout(watch, 200)
    new MutationObserver(() => b.draws++).observe(book, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] })
  }
  watch()
}`

interface Window {
  frames: number
  draws: number
  longest: number
  taps: { name: string; duration: number; at: number }[]
}

interface RunFigures {
  busyPct: number
  longestTaskMs: number
  slowestTapMs: number | null
  drawsPerFrame: number | null
  framesPerSecond: number
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0
}

async function openPage(browser: Browser, url: string, rate: number, withBook: boolean): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext(PHONE_CONTEXT)
  const page = await context.newPage()
  await page.addInitScript({ content: OBSERVE })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await cdp.send('Performance.enable')
  await page.goto(url, { waitUntil: 'load' })
  if (withBook) await page.locator('[data-testid="book-panel"][data-state="live"]').waitFor({ timeout: 60_000 })
  else await page.locator('[data-testid="pair-price"][data-live="live"]').waitFor({ timeout: 60_000 })
  return { page, cdp, close: () => context.close() }
}

/** One window of streaming on one page: its busy share, longest task, taps and draws. */
async function streamWindow(browser: Browser, url: string, rate: number, withBook: boolean, windowS: number): Promise<RunFigures> {
  const { page, cdp, close } = await openPage(browser, url, rate, withBook)
  try {
    await pause(5_000) // the load's own work done (engines, chart)
    await page.evaluate(() => Object.assign((window as unknown as { __book: Window }).__book, { frames: 0, draws: 0, longest: 0, taps: [] }))
    const busy0 = await taskSeconds(cdp)
    const t0 = Date.now()
    await pause((windowS * 1000) / 2)
    if (withBook) {
      await page.getByTestId('book-tab-trades').tap()
      await pause(1_000)
      await page.getByTestId('book-tab-book').tap()
      await pause(1_000)
      await page.getByTestId('book-step').focus()
      await page.keyboard.press('ArrowDown')
    } else {
      await page.locator('.price-chart .intervals button[aria-pressed="false"]').first().tap()
    }
    await pause(Math.max(0, (windowS * 1000) / 2 - 2_000))
    const busy1 = await taskSeconds(cdp)
    const wall = (Date.now() - t0) / 1000
    const seen = await page.evaluate(() => (window as unknown as { __book: Window }).__book)
    const taps = seen.taps.map((t) => t.duration)
    return {
      busyPct: (100 * (busy1 - busy0)) / wall,
      longestTaskMs: seen.longest,
      slowestTapMs: taps.length ? Math.max(...taps) : null,
      drawsPerFrame: withBook && seen.frames ? seen.draws / seen.frames : null,
      framesPerSecond: seen.frames / wall,
    }
  } finally {
    await close()
  }
}

async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return usedSize / 1e6
}

/** Both variants streaming side by side: the heap at 30 s and after `heapS`, each after a forced GC. */
async function heapGrowth(
  browser: Browser,
  url: string,
  offUrl: string,
  rate: number,
  heapS: number,
): Promise<Record<'book' | 'off', { at30: number; atEnd: number }>> {
  const pages = { book: await openPage(browser, url, rate, true), off: await openPage(browser, offUrl, rate, false) }
  try {
    await pause(30_000)
    const at30 = { book: await heapMB(pages.book.cdp), off: await heapMB(pages.off.cdp) }
    await pause(Math.max(0, heapS - 30) * 1000)
    return {
      book: { at30: at30.book, atEnd: await heapMB(pages.book.cdp) },
      off: { at30: at30.off, atEnd: await heapMB(pages.off.cdp) },
    }
  } finally {
    await pages.book.close()
    await pages.off.close()
  }
}

/** The simulator's book and tape rates (its admin `market` switch); false when this simulator has none. */
async function setMarketRate(adminPort: number): Promise<boolean> {
  const answer = await fetch(`http://127.0.0.1:${adminPort}/market`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depthMs: 20, tradesPerSecond: 20 }),
  }).catch(() => null)
  return answer?.ok === true
}

function rates(env = process.env): number[] {
  const list = (env.BENCH_BOOK_CPU_RATES ?? '4,6').split(',').map(Number)
  if (list.length === 0 || list.some((r) => !Number.isFinite(r) || r < 1 || r > 20))
    throw new Error(`BENCH_BOOK_CPU_RATES: rates from 1 to 20, not "${env.BENCH_BOOK_CPU_RATES}"`)
  return list
}

const r1 = (v: number | null) => (v === null ? 'n/a' : v.toFixed(1))

export async function runBookBench(
  port: number,
  adminPort: number,
  say: (line: string) => void,
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const windowS = Number(process.env.BENCH_BOOK_WINDOW_S ?? 30)
  const heapS = Number(process.env.BENCH_BOOK_HEAP_S ?? 180)
  const url = `http://localhost:${port}${BENCH_PAGES.pair}`
  const offUrl = `${url}?book=off`
  const rated = await setMarketRate(adminPort)
  say(
    `\nThe order book (issue 51): the pair page with and without it (?book=off), ${windowS} s of streaming per CPU rate, phone context; ${rated ? 'book every 20 ms, 20 trades/s' : "the simulator's default rates (no market switch)"}`,
  )
  const browser = await chromium.launch({ executablePath: CHROME, args: PLAYWRIGHT_FLAGS })
  try {
    for (const [tier, rate] of rates().entries()) {
      const busyGoal = BOOK_GOALS.busyPct[Math.min(tier, 1)] as number
      const tapGoal = BOOK_GOALS.tapMs[Math.min(tier, 1)] as number
      // Interleaved: the page without the book, then with it, so drift in the machine's load falls on both.
      const off = await streamWindow(browser, offUrl, rate, false, windowS)
      const on = await streamWindow(browser, url, rate, true, windowS)
      say(
        `  CPU ${rate}×: busy ${r1(on.busyPct)} % (without the book ${r1(off.busyPct)} %), longest task ${r1(on.longestTaskMs)} ms (${r1(off.longestTaskMs)}), slowest tap ${r1(on.slowestTapMs)} ms (${r1(off.slowestTapMs)}), draws per frame ${r1(on.drawsPerFrame)}, frames/s ${r1(on.framesPerSecond)} (${r1(off.framesPerSecond)})`,
      )
      figures.push(
        figure(`book ${rate}×: main thread busy`, Math.round(on.busyPct * 10) / 10, '%', { text: `≤ ${busyGoal} %`, met: (v) => v <= busyGoal }),
        figure(`book ${rate}×: main thread busy without the book`, Math.round(off.busyPct * 10) / 10, '%'),
        figure(`book ${rate}×: draws per animation frame`, on.drawsPerFrame === null ? null : Math.round(on.drawsPerFrame * 100) / 100, '', {
          text: '≤ 1',
          met: (v) => v <= 1,
        }),
        figure(`book ${rate}×: slowest tap to next paint`, on.slowestTapMs ?? 16, 'ms', { text: `≤ ${tapGoal} ms`, met: (v) => v <= tapGoal }),
      )
      if (tier === 0) {
        figures.push(
          figure(`book ${rate}×: longest task`, Math.round(on.longestTaskMs), 'ms', {
            text: `≤ ${BOOK_GOALS.longestTaskMs} ms`,
            met: (v) => v <= BOOK_GOALS.longestTaskMs,
          }),
        )
      }
      figures.push(figure(`book ${rate}×: longest task without the book`, Math.round(off.longestTaskMs), 'ms'))
      details[`cpu${rate}`] = { withBook: on, withoutBook: off }
    }
    const rate = rates()[0] as number
    const heap = await heapGrowth(browser, url, offUrl, rate, heapS)
    const growth = heap.book.atEnd - heap.book.at30
    say(
      `  heap at ${rate}× after GC: with the book ${heap.book.at30.toFixed(2)} MB at 30 s, ${heap.book.atEnd.toFixed(2)} MB at ${heapS} s; without ${heap.off.at30.toFixed(2)} → ${heap.off.atEnd.toFixed(2)} MB`,
    )
    figures.push(
      figure(`book: heap growth 30 s → ${heapS} s`, Math.round(growth * 100) / 100, 'MB', {
        text: `≤ ${BOOK_GOALS.heapGrowthMB} MB`,
        met: (v) => v <= BOOK_GOALS.heapGrowthMB,
      }),
      figure(`book: heap growth without the book`, Math.round((heap.off.atEnd - heap.off.at30) * 100) / 100, 'MB'),
    )
    details.heap = heap
  } finally {
    await browser.close()
  }
  return { figures, details }
}

/** Alone: its own simulator and site, and its figures in bench-results.json beside the others. */
async function alone(): Promise<void> {
  const root = resolve(__dirname, '..', '..')
  const logDir = join(tmpdir(), 'spot-bench-book')
  await withAloneStack(root, logDir, async (site) => {
    const { figures, details } = await runBookBench(site, BENCH_LIGHTHOUSE_PORTS.sim.admin, console.log)
    console.log(`\nwritten: ${mergeResults(root, 'book ', figures, 'book', details)}`)
  })
}

if (require.main === module) {
  alone().catch((error: unknown) => {
    console.error(`book bench failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
