import type { Page } from '@playwright/test'
import type { NativeBridge } from '../../lib/webview/bridge'

/**
 * The page's window with what e2e init scripts put on it. In a page function write
 * `const w: TestWindow = window` (a type only: nothing of this module reaches the page).
 */
export interface TestWindow extends Window {
  /** A stand-in for the app's injected bridge. */
  bybitBridge?: NativeBridge
  /** What the stand-in bridge was called with, in order. */
  bridgeCalls?: unknown[]
  /** The reasons of the page's unhandled promise rejections. */
  rejections?: string[]
}

/** Reads back what an init script recorded on the page's window. */
export function recorded(page: Page, key: 'bridgeCalls' | 'rejections'): Promise<unknown[] | undefined> {
  return page.evaluate((name) => {
    const w: TestWindow = window
    return w[name]
  }, key)
}
