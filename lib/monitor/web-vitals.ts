import type { Monitor } from './monitor'

/**
 * Field performance through the client monitor (docs/decisions/client-wiring.md "Web vitals
 * through the client monitor"): the browser side's pure part. One `web_vital` event per metric
 * per page view, with the metric, its value and the page type, and nothing that names the user.
 */
export const WEB_VITAL_EVENT = 'web_vital'
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number]
export const PAGE_TYPES = ['markets', 'pair', 'other'] as const
export type PageType = (typeof PAGE_TYPES)[number]

/** The event's detail: the collector's schema (lib/collector/web-vitals.ts) checks this shape. */
export interface WebVitalDetail {
  metric: WebVitalMetric
  /** Milliseconds (LCP, INP, TTFB) or the unitless layout-shift score (CLS). */
  value: number
  page_type: PageType
}

/**
 * The public path's page type, by shape alone: the markets page is `/{lang}`, a pair page
 * `/{lang}/trade/spot/{BASE}/{QUOTE}`; anything else (404s, future pages) is "other".
 */
export function pageTypeOf(path: string): PageType {
  const parts = path.split('/').filter(Boolean)
  if (parts.length === 1) return 'markets'
  if (parts.length === 5 && parts[1] === 'trade' && parts[2] === 'spot') return 'pair'
  return 'other'
}

/** Whether this page view reports (ops' WEB_VITALS_SAMPLE_RATE); a bad or missing rate is 0. */
export function isSampled(rate: number | undefined, random: () => number): boolean {
  if (typeof rate !== 'number' || !(rate > 0)) return false
  return rate >= 1 || random() < rate
}

/** What web-vitals hands its callbacks, narrowed to what is sent. */
export interface MeasuredVital {
  name: string
  value: number
  /** Unique per metric and page view (a back/forward-cache restore is a new view). */
  id: string
}

/**
 * The callback for web-vitals' onLCP/onINP/onCLS/onTTFB: the first report of each metric id is
 * logged, later ones dropped. INP and CLS can be reported again on a later page hide when they
 * grew; sending those too would count one page view twice in the collector's histograms.
 */
export function createWebVitalReporter(monitor: Monitor, pageType: PageType): (vital: MeasuredVital) => void {
  const reported = new Set<string>()
  return (vital) => {
    const metric = WEB_VITAL_METRICS.find((name) => name === vital.name)
    if (!metric || reported.has(vital.id) || !Number.isFinite(vital.value)) return
    reported.add(vital.id)
    // Whole milliseconds; CLS to four places (its thresholds are 0.1 and 0.25).
    const value = metric === 'CLS' ? Math.round(vital.value * 10_000) / 10_000 : Math.round(vital.value)
    const detail: WebVitalDetail = { metric, value, page_type: pageType }
    monitor.event(WEB_VITAL_EVENT, { ...detail })
  }
}
