import pino from 'pino'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Monitor } from '@/lib/monitor/monitor'
import { SYMBOL_INCIDENTS } from '@/lib/symbols/incidents'
import { processSingleton } from '../config/global'
import { countResponses } from './http-responses'
import { runtimeConfig } from '../config/runtime-config'

/** Structured JSON logs (pino), one line per upstream failure with its incident code. */
export const logger = processSingleton('logger', () =>
  pino({ base: { service: 'spot-site' }, level: runtimeConfig().logLevel, timestamp: pino.stdTimeFunctions.isoTime }),
)

export const metrics = processSingleton('metrics', () => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'spot_site_' })
  return {
    registry,
    incidents: new Counter({
      name: 'spot_symbol_incidents_total',
      help: 'Symbol-list incidents by SPEC §8 code',
      labelNames: ['code', 'region'],
      registers: [registry],
    }),
    loads: new Counter({
      name: 'spot_symbol_loads_total',
      help: 'Symbol-list loads by the source that answered',
      labelNames: ['source', 'region'],
      registers: [registry],
    }),
    upstreamLatency: new Histogram({
      name: 'spot_upstream_latency_seconds',
      help: 'Time to response headers of upstream API calls',
      labelNames: ['endpoint', 'outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
      registers: [registry],
    }),
    cacheAge: new Gauge({
      name: 'spot_symbol_cache_age_seconds',
      help: 'Age of the symbol list pages are rendered from',
      labelNames: ['region'],
      registers: [registry],
    }),
    stalePages: new Counter({
      name: 'spot_stale_pages_total',
      help: 'Pages rendered from a cached or built-in symbol list',
      labelNames: ['region', 'source'],
      registers: [registry],
    }),
    unconfirmedPairs: new Counter({
      name: 'spot_unconfirmed_pair_pages_total',
      help: 'Pair pages answered 503 with Retry-After: the pair is not in the cached or built-in list in use, so it may exist',
      labelNames: ['region', 'source'],
      registers: [registry],
    }),
    crossApiRequests: new Counter({
      name: 'spot_x_api_requests_total',
      help: 'Browser API proxy (/x-api) requests by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    monitorBatches: new Counter({
      name: 'spot_client_monitor_batches_total',
      help: 'Client monitor batches by outcome: accepted, or why they were dropped',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    monitorEvents: new Counter({
      name: 'spot_client_monitor_events_total',
      help: 'Client monitor entries received by the collector',
      labelNames: ['type', 'code'],
      registers: [registry],
    }),
    httpResponses: new Counter({
      name: 'spot_http_responses_total',
      help: 'Answers of this process by status class (2xx…5xx), pages and routes alike',
      labelNames: ['status'],
      registers: [registry],
    }),
    pageSeconds: new Histogram({
      name: 'spot_page_seconds',
      help: 'ISR pages by cache result (x-nextjs-cache), seconds to the last byte: a MISS is rendered for its request, HIT and STALE come from the cache',
      labelNames: ['cache'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
      registers: [registry],
    }),
    ready: new Gauge({
      name: 'spot_ready',
      help: 'The last /api/ready answer: 1 ready (every enabled region has a usable list, the Redis link ready), 0 not (absent before the first check)',
      registers: [registry],
    }),
  }
})

// Installed with the registry (server/fleet/startup.ts loads this module before the first request).
processSingleton('http-responses', () =>
  countResponses({
    answered: (status) => metrics.httpResponses.inc({ status }),
    page: (cache, seconds) => metrics.pageSeconds.observe({ cache }, seconds),
  }),
)

/** The Monitor of lib/ for server code: a JSON log line and a counter per incident. */
export function createServerMonitor(region: string): Monitor {
  // Every code's series exists at 0 from the start: rate() counts no increase into a series'
  // first sample, so a region's first failures would otherwise be lost to the alert
  // (docs/decisions/fleet.md "5xx counted by the Node server").
  for (const code of Object.values(SYMBOL_INCIDENTS)) metrics.incidents.inc({ code: String(code), region }, 0)
  return {
    incident(code, detail) {
      metrics.incidents.inc({ code: String(code), region })
      logger.warn({ incident: code, region, ...detail }, 'symbol list incident')
    },
    event(name, detail) {
      logger.info({ event: name, region, ...detail }, name)
    },
  }
}

/** Wraps fetch to record upstream latency to headers, by endpoint path. */
export function timedFetch(fetchImpl: typeof fetch = fetch): (input: string, init: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const endpoint = new URL(input, 'http://upstream.invalid').pathname
    const stop = metrics.upstreamLatency.startTimer({ endpoint })
    try {
      const response = await fetchImpl(input, init)
      stop({ outcome: response.ok ? 'ok' : `http_${response.status}` })
      return response
    } catch (error) {
      stop({ outcome: 'error' })
      throw error
    }
  }
}
