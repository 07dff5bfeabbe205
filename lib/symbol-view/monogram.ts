/**
 * The stand-in for a pair icon that has no URL or does not load (docs/decisions/pages.md "Icons"):
 * the base coin's first letters on a disc whose colour comes from the name,
 * dark enough that white letters keep a contrast above 4.5:1 in both themes.
 */
export interface Monogram {
  letters: string
  /** An hsl() colour; lightness 28 % keeps white text above 4.5:1. */
  background: string
}

export function monogram(coin: string): Monogram {
  const clean = coin.replace(/[^0-9A-Za-z]/g, '')
  const letters = (clean.match(/^[A-Za-z]+/)?.[0] ?? clean).slice(0, 2).toUpperCase() || '?'
  let hue = 0
  for (const ch of clean.toUpperCase()) hue = (hue * 31 + ch.charCodeAt(0)) % 360
  return { letters, background: `hsl(${hue} 60% 28%)` }
}
