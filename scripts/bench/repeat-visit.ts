/**
 * Repeat visits with and without the service worker (docs/decisions/offline.md "What the worker
 * keeps"): Lighthouse's mobile run of a page opened before, storage kept (`disableStorageReset`),
 * against the floor's first visit, in both Lighthouse throttling methods (simulated slow 4G and
 * DevTools' throttling). "Without" blocks the worker's script, so the browser registers none and
 * the second visit has the HTTP cache alone. Each (page, worker) pair gets its own browser: a
 * first visit that lets the worker save the page, then the measured visits.
 */
import { CHROME, CHROME_FLAGS } from './chromium'
import { median } from './report'

const WORKER_SCRIPT = '*/serwist/sw.js'
const THROTTLING = ['simulate', 'devtools'] as const
type Throttling = (typeof THROTTLING)[number]

export interface RepeatVisitFigures {
  /** LCP medians in ms, per throttling method. */
  floorFirst: Record<Throttling, number | null>
  pages: Record<string, Record<'worker' | 'noWorker', Record<Throttling, number | null>>>
}

interface Lhr {
  audits: Record<string, { numericValue?: number }>
}

async function lcp(url: string, port: number, throttlingMethod: Throttling, keepStorage: boolean, blocked: string[]): Promise<number | null> {
  const { default: lighthouse } = await import('lighthouse')
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    throttlingMethod,
    disableStorageReset: keepStorage,
    blockedUrlPatterns: blocked,
  })
  return (result?.lhr as unknown as Lhr | undefined)?.audits['largest-contentful-paint']?.numericValue ?? null
}

/** A first visit as a trader's: the page loads, goes idle and (with the worker) is saved; says what it waited for. */
async function firstVisit(port: number, url: string, worker: boolean): Promise<void> {
  const puppeteer = await import('puppeteer-core')
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const page = await browser.newPage()
    const cdp = await page.createCDPSession()
    await cdp.send('Network.enable')
    if (!worker) await cdp.send('Network.setBlockedURLs', { urls: [WORKER_SCRIPT] })
    await page.goto(url, { waitUntil: 'load' })
    if (worker) {
      const path = new URL(url).pathname
      await page.waitForFunction(
        async (p: string) => Boolean(await (await caches.open('spot-pages-v1')).match(location.origin + p)),
        { timeout: 30_000, polling: 250 },
        path,
      )
    } else {
      await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 })
    }
    await page.close()
  } finally {
    await browser.disconnect()
  }
}

export async function runRepeatVisitBench(
  sites: { site: number; floor: number },
  pages: Record<string, string>,
  rounds: number,
  say: (line: string) => void,
): Promise<RepeatVisitFigures> {
  const { launch } = await import('chrome-launcher')
  const floorRuns: Record<Throttling, number[]> = { simulate: [], devtools: [] }
  const pageRuns: Record<string, Record<'worker' | 'noWorker', Record<Throttling, number[]>>> = {}
  say(
    `\nRepeat visits (Lighthouse mobile, storage kept): each page opened before, with the worker and without it, against the floor's first visit; ${rounds} rounds`,
  )
  for (let k = 1; k <= rounds; k++) {
    for (const method of THROTTLING) {
      const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
      try {
        const value = await lcp(`http://localhost:${sites.floor}/`, chrome.port, method, false, [])
        if (value !== null) floorRuns[method].push(value)
        say(`  round ${k} floor first visit (${method}): LCP ${value === null ? 'n/a' : `${Math.round(value)} ms`}`)
      } finally {
        chrome.kill()
      }
    }
    for (const [name, path] of Object.entries(pages)) {
      for (const mode of ['worker', 'noWorker'] as const) {
        const runs = ((pageRuns[name] ??= { worker: { simulate: [], devtools: [] }, noWorker: { simulate: [], devtools: [] } })[mode] ??= {
          simulate: [],
          devtools: [],
        })
        const url = `http://localhost:${sites.site}${path}`
        const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
        try {
          await firstVisit(chrome.port, url, mode === 'worker')
          for (const method of THROTTLING) {
            const value = await lcp(url, chrome.port, method, true, mode === 'worker' ? [] : [WORKER_SCRIPT])
            if (value !== null) runs[method].push(value)
            say(
              `  round ${k} ${name} repeat visit ${mode === 'worker' ? 'with the worker' : 'without it'} (${method}): LCP ${value === null ? 'n/a' : `${Math.round(value)} ms`}`,
            )
          }
        } finally {
          chrome.kill()
        }
      }
    }
  }
  const medians = (runs: Record<Throttling, number[]>) => ({ simulate: median(runs.simulate), devtools: median(runs.devtools) })
  const figures: RepeatVisitFigures = {
    floorFirst: medians(floorRuns),
    pages: Object.fromEntries(Object.entries(pageRuns).map(([name, modes]) => [name, { worker: medians(modes.worker), noWorker: medians(modes.noWorker) }])),
  }
  const ms = (v: number | null) => (v === null ? 'n/a' : `${(v / 1000).toFixed(2)} s`)
  say(`  Medians (simulated / devtools): floor first visit ${ms(figures.floorFirst.simulate)} / ${ms(figures.floorFirst.devtools)}`)
  for (const [name, modes] of Object.entries(figures.pages)) {
    say(
      `    ${name} repeat visit: with the worker ${ms(modes.worker.simulate)} / ${ms(modes.worker.devtools)}; without ${ms(modes.noWorker.simulate)} / ${ms(modes.noWorker.devtools)}`,
    )
  }
  return figures
}
