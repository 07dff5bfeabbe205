/**
 * Where the pair page offers the app (docs/decisions/network-layer.md "Open the app: phones only"):
 * - a phone or tablet browser: "Open the app";
 * - the app's own webview (it already is the app): "Trade in the app", the bridge's trade screen;
 * - a desktop browser: nothing (there is no app to open; the bridge call could only fail).
 */
import { detectWebview } from './detect'

export type AppOffer = 'none' | 'open-app' | 'trade-in-app'

export interface DeviceHints {
  userAgent: string | null | undefined
  /** navigator.maxTouchPoints: iPadOS Safari reports a desktop Mac user agent. */
  maxTouchPoints?: number
}

const MOBILE = /\b(Android|iPhone|iPad|iPod|Mobile|Windows Phone|Opera Mini|IEMobile)\b/i

export function isMobileDevice({ userAgent, maxTouchPoints = 0 }: DeviceHints): boolean {
  const ua = userAgent ?? ''
  return MOBILE.test(ua) || (/\bMacintosh\b/.test(ua) && maxTouchPoints > 1)
}

export function appOffer(hints: DeviceHints): AppOffer {
  if (detectWebview(hints.userAgent).inApp) return 'trade-in-app'
  return isMobileDevice(hints) ? 'open-app' : 'none'
}
