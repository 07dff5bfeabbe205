/**
 * Detecting the exchange app's webview from its user agent (SPEC §1: "it can also run inside a
 * crypto-exchange mobile app webview, version 3.1.2 or later"). The app appends a product token
 * to the system webview's user agent; we accept `BybitApp/<version>` and the older
 * ` bybit_app/<version>` spelling, case-insensitively (docs/decisions/network-layer.md "Webview
 * user agent"). Only that token counts: a word like "bybit" in a page URL or a browser name
 * does not.
 */
export const REQUIRED_APP_VERSION = '3.1.2'

export interface WebviewInfo {
  inApp: boolean
  /** The app version as written in the user agent, e.g. "3.10.0"; null outside the app. */
  version: string | null
  /** In the app and at least REQUIRED_APP_VERSION. */
  suitable: boolean
}

// Token start (line start, space, semicolon or parenthesis), name, "/", version up to a separator.
const APP_TOKEN = /(?:^|[\s;(])(?:BybitApp|bybit_app)\/([0-9A-Za-z.+-]+)/i

/** major.minor.patch (patch optional), an optional pre-release; null when not a version. */
export function parseVersion(text: string): { core: [number, number, number]; prerelease: boolean } | null {
  const match = /^(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.exec(text)
  if (!match) return null
  return { core: [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)], prerelease: match[4] !== undefined }
}

/** Semver order: numeric parts compared as numbers (3.10.0 > 3.9.9), a pre-release before its release. */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a)
  const y = parseVersion(b)
  if (!x || !y) return null
  for (let i = 0; i < 3; i++) {
    const diff = (x.core[i] ?? 0) - (y.core[i] ?? 0)
    if (diff !== 0) return Math.sign(diff)
  }
  return Number(y.prerelease) - Number(x.prerelease)
}

export function detectWebview(userAgent: string | null | undefined): WebviewInfo {
  const match = APP_TOKEN.exec(userAgent ?? '')
  if (!match?.[1]) return { inApp: false, version: null, suitable: false }
  const version = match[1]
  // An unreadable version is the app, but not one we can promise the bridge works in.
  const order = compareVersions(version, REQUIRED_APP_VERSION)
  return { inApp: true, version, suitable: order !== null && order >= 0 }
}
