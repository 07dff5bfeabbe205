import { Counter, Histogram } from 'prom-client'
import type { WebVital } from '@/lib/collector/web-vitals'
import type { RegionId } from '@/lib/regions/regions'
import { processSingleton } from '../config/global'
import { metrics } from './observability'

/**
 * Field performance in /api/metrics (docs/decisions/client-wiring.md "Web vitals through the
 * client monitor"), registered in observability's registry. Google's "good" and "poor" lines are
 * bucket edges (LCP 2.5/4 s, INP 0.2/0.5 s, TTFB 0.8/1.8 s, CLS 0.1/0.25), so a p75 over a line
 * is exact, not an interpolation across it. Labels: metric, page type, region; nothing else.
 */
const labelNames = ['metric', 'page_type', 'region'] as const

export const webVitalsMetrics = () =>
  processSingleton('web-vitals-metrics', () => ({
    seconds: new Histogram({
      name: 'spot_web_vitals_seconds',
      help: 'LCP, INP and TTFB of sampled page views, as real browsers measured them',
      labelNames,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10, 20, 60],
      registers: [metrics.registry],
    }),
    cls: new Histogram({
      name: 'spot_web_vitals_cls',
      help: 'Cumulative layout shift (unitless) of sampled page views, as real browsers measured it',
      labelNames,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [metrics.registry],
    }),
    invalid: new Counter({
      name: 'spot_web_vitals_invalid_total',
      help: 'web_vital events the collector refused (unknown metric or page type, value out of bounds)',
      registers: [metrics.registry],
    }),
  }))

/** One observation; the region is the request host's, never the batch's. */
export function observeWebVital(vital: WebVital | 'invalid', region: RegionId): void {
  const histograms = webVitalsMetrics()
  if (vital === 'invalid') return histograms.invalid.inc()
  const labels = { metric: vital.metric, page_type: vital.pageType, region }
  if (vital.metric === 'CLS') histograms.cls.observe(labels, vital.value)
  else histograms.seconds.observe(labels, vital.value / 1000)
}
