/**
 * Pair icons served by the simulator itself (GET /icons/{night|day}/{coin}.svg on every host),
 * so the demo shows icons with no network (docs/decisions/pages.md "Icons").
 * Each icon is a coloured disc with the coin's first letters; the pairs' iconUrl names the main
 * host, and the demo config's ICON_HOSTS (the CSP's img-src) names the same origin.
 */
import { DEFAULT_SIM_PORTS } from '../contract'

export const SIM_ICON_ORIGIN = `http://127.0.0.1:${DEFAULT_SIM_PORTS.main}`

export function iconUrl(theme: 'night' | 'day', coin: string): string {
  return `${SIM_ICON_ORIGIN}/icons/${theme}/${coin.toLowerCase()}.svg`
}

/**
 * The pair with its icon URLs on `origin`: a simulator on other ports (the bench's, the e2e
 * suite's) names its own main host, so its icons load instead of failing against the demo's port.
 */
export function withIconOrigin<P extends { iconUrl: string; iconDayUrl: string }>(pair: P, origin: string): P {
  if (origin === SIM_ICON_ORIGIN) return pair
  const moved = (url: string) => (url.startsWith(`${SIM_ICON_ORIGIN}/`) ? `${origin}${url.slice(SIM_ICON_ORIGIN.length)}` : url)
  return { ...pair, iconUrl: moved(pair.iconUrl), iconDayUrl: moved(pair.iconDayUrl) }
}

const PATH = /^\/icons\/(night|day)\/([a-z0-9]{1,20})\.svg$/

function hue(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

/** The SVG for a path like /icons/night/btc.svg, or null when the path is not an icon. */
export function iconSvg(pathname: string): string | null {
  const match = PATH.exec(pathname)
  if (!match) return null
  const [, theme, coin = ''] = match
  const letters = coin.slice(0, 3).toUpperCase()
  const fill = `hsl(${hue(coin)} 55% ${theme === 'day' ? 38 : 46}%)`
  const size = letters.length > 2 ? 11 : 14
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${fill}"/><text x="16" y="16" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${letters}</text></svg>`
}
