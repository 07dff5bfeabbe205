/**
 * "/tr-TUR/trade/spot/BTC/USDT" + "en-TR" → "/en-TR/trade/spot/BTC/USDT" (same page, new
 * language). `known` is the site's language codes: a first segment that is one of them (in any
 * letter case) is the language prefix, replaced; a path without one gets the prefix. The browser
 * calls this with the region's codes it already has, so the language catalogue and negotiation
 * stay on the server (lib/i18n/negotiate.ts decides which language a URL is served in).
 */
export function swapLangPrefix(pathname: string, code: string, known: readonly string[]): string {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const segment = match?.[1]?.toLowerCase()
  const isPrefix = segment !== undefined && known.some((k) => k.toLowerCase() === segment)
  const tail = isPrefix ? (match?.[2] ?? '/') : pathname
  return `/${code}${tail === '/' ? '' : tail}`
}
