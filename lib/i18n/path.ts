import { parseLangPrefix } from './negotiate'

/** "/tr-TUR/trade/spot/BTC/USDT" + "en-TR" → "/en-TR/trade/spot/BTC/USDT" (same page, new language). */
export function swapLangPrefix(pathname: string, code: string): string {
  const { segment, rest } = parseLangPrefix(pathname)
  const tail = segment === null ? pathname : rest
  return `/${code}${tail === '/' ? '' : tail}`
}
