import type { BrowserContext, Page } from '@playwright/test'
import { LIST_IDLE_TIMEOUT_MS, LIST_REFRESH_MS, LIST_QUIET_MS } from '../../lib/symbol-view/view'

/**
 * A page revalidates a young embedded symbol list at its first refresh, not on mount
 * (docs/decisions/pages.md "The first revalidation waits for the list's age"). Tests that watch the
 * browser's data go out through that first revalidation (which host, route or headers) run the
 * page's clock one refresh ahead, so the list it was rendered with is old enough to be asked about
 * once the page is quiet (`LIST_QUIET_MS` after mount, when idle: `FIRST_LIST_REQUEST_MS` at most).
 * Time and timers then flow as usual. Call before the page loads.
 */
export async function ageEmbeddedList(target: Page | BrowserContext): Promise<void> {
  await target.clock.install({ time: Date.now() + LIST_REFRESH_MS + 5_000 })
}

/** How much later than its mount an aged page sends its first list request (on top of a test's own wait). */
export const FIRST_LIST_REQUEST_MS = LIST_QUIET_MS + LIST_IDLE_TIMEOUT_MS

/**
 * Pauses the page clock a little ahead of the page's own time. On a busy machine the page's clock can
 * pass that point before the pause reaches it ("Cannot fast-forward to the past"): then it reads the
 * time again with a wider margin (100, 400, 1,600 ms), and fails with what it last saw.
 */
export async function pauseSoon(page: Page): Promise<void> {
  let last: unknown
  for (const margin of [100, 400, 1_600]) {
    try {
      return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin)
    } catch (error) {
      if (!String(error).includes('fast-forward to the past')) throw error
      last = error
    }
  }
  throw new Error(`the page clock could not be paused: ${String(last)}`)
}
