/**
 * Marketing parameters (SPEC §9: "marketing source and medium parameters are read from the
 * address query, including analytics-prefixed ones"). We read the five utm_* parameters and
 * their `ga_`-prefixed twins (docs/decisions/network-layer.md "Marketing parameters"), as they were
 * written — the collector decides precedence — and attach them to every monitor batch.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export const ANALYTICS_KEYS = ['ga_source', 'ga_medium', 'ga_campaign', 'ga_term', 'ga_content'] as const
export const MARKETING_KEYS = [...UTM_KEYS, ...ANALYTICS_KEYS] as const
export type MarketingKey = (typeof MARKETING_KEYS)[number]
export type MarketingParams = Partial<Record<MarketingKey, string>>

/** Longer values are cut: campaign names are short, and the batch has a byte budget. */
export const MAX_MARKETING_VALUE_LENGTH = 128

const KNOWN = new Set<string>(MARKETING_KEYS)

/** `search` is location.search ("?utm_source=x&…", the "?" optional). Never throws. */
export function readMarketingParams(search: string): MarketingParams {
  const out: MarketingParams = {}
  let params: URLSearchParams
  try {
    params = new URLSearchParams(search)
  } catch {
    return out
  }
  for (const [rawKey, rawValue] of params) {
    const key = rawKey.trim().toLowerCase()
    // First occurrence wins (?utm_source=a&utm_source=b → a), as URLSearchParams.get does.
    if (!KNOWN.has(key) || out[key as MarketingKey] !== undefined) continue
    const value = rawValue
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, MAX_MARKETING_VALUE_LENGTH)
    if (value) out[key as MarketingKey] = value
  }
  return out
}
