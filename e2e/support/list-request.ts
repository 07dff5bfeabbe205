import type { Page, Request } from '@playwright/test'
import { ageEmbeddedList, FIRST_LIST_REQUEST_MS } from './clock'

/** The browser's symbol-list request (its host varies: route chooser, fast path, /x-api). */
export const V3 = '/spot/api/basic/symbol_list_v3'

/**
 * For tests that watch the page's first symbol-list request (its host or path): the page sends it
 * once it is quiet (`FIRST_LIST_REQUEST_MS` after mount at most) instead of at its first refresh,
 * by running the page clock one refresh ahead (./clock.ts). Call before the page loads.
 */
export const requestListOnLoad = (page: Page): Promise<void> => ageEmbeddedList(page)

/** The page's next symbol-list request (an aged page sends its first one once it is quiet). */
export function nextV3Request(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.url().includes(V3), { timeout: 10_000 + FIRST_LIST_REQUEST_MS })
}

/** The origin the page's next symbol-list request goes to. */
export function nextV3Host(page: Page): Promise<string> {
  return nextV3Request(page).then((r) => new URL(r.url()).origin)
}
