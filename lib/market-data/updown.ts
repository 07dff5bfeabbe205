/**
 * Rise and fall colours: which colour means "up". Each region has a default (its market's
 * convention, docs/decisions/site-routing.md "Rise and fall colours per region"); a user's choice is kept
 * under UPDOWN_KEY (in its cookie, and in localStorage for a browser that refuses cookies, like
 * the theme) and applied before the first paint. Colour never carries the meaning alone: sign
 * and arrow go with it (format.ts).
 */
import type { RegionId } from '../regions/regions'
import { preferenceScript } from '../preferences/script'

export const UPDOWN_KEY = 'BYBIT_UPDOWN_KEY'
export const UPDOWN_VALUES = ['green-up', 'red-up'] as const
export type UpDown = (typeof UPDOWN_VALUES)[number]

/**
 * None of the nine regions is a red-up market (mainland China, Taiwan, Japan, Korea): Hong Kong's
 * exchange, Europe, Turkey, Kazakhstan, Georgia, Indonesia and the UAE show rises in green.
 */
export const REGION_UPDOWN: Readonly<Record<RegionId, UpDown>> = {
  main: 'green-up',
  hk: 'green-up',
  nl: 'green-up',
  tr: 'green-up',
  kz: 'green-up',
  eu: 'green-up',
  ge: 'green-up',
  id: 'green-up',
  ae: 'green-up',
}

export const isUpDown = (value: unknown): value is UpDown => UPDOWN_VALUES.includes(value as UpDown)

/** The inline script that applies a stored choice to <html data-updown> before the first paint. */
export function upDownScript(): string {
  return preferenceScript(UPDOWN_KEY, UPDOWN_VALUES, 'data-updown')
}
