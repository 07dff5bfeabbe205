import type { Page } from '@playwright/test'
import { ageEmbeddedList, FIRST_LIST_REQUEST_MS } from './clock'

/** The browser's pair-list request (its host varies: route chooser, fast path, /x-api). */
export const V3 = '/spot/api/basic/symbol_list_v3'

/**
 * For tests that watch the page's first pair-list request (its host or path): the page sends it
 * once it settles (`FIRST_LIST_REQUEST_MS` after mount at most) instead of at its first refresh,
 * by running the page clock one refresh ahead (./clock.ts). Call before the page loads.
 */
export const requestListOnLoad = (page: Page): Promise<void> => ageEmbeddedList(page)

/** The origin the page's next pair-list request goes to. */
export function nextV3Host(page: Page): Promise<string> {
  return page.waitForRequest((r) => r.url().includes(V3), { timeout: 10_000 + FIRST_LIST_REQUEST_MS }).then((r) => new URL(r.url()).origin)
}
