import { BASIC_REQUEST_TIMEOUT_MS, CROSS_API_PATH, DEFAULT_RETRIES, MAX_RESPONSE_BYTES } from './constants'
import { ResultCache } from './result-cache'
import { systemTimers, type FetchLike, type Timers } from '../engine-kit/environment'

/** The language a request carries: `code` as in the URL (tr-TUR), `locale` its BCP 47 form (tr-TR). */
export interface RequestLanguage {
  code: string
  locale: string
}

export interface HttpClientOptions {
  /** API host, e.g. "https://api.example.com"; a function lets the route chooser move it. */
  baseUrl: string | (() => string)
  fetch: FetchLike
  /** SPEC §7 fe.crossApi: when true, requests go to the relative path /x-api instead. */
  crossApi?: boolean | (() => boolean)
  language?: RequestLanguage | (() => RequestLanguage | undefined)
  timeoutMs?: number
  maxResponseBytes?: number
  retries?: number
  timers?: Timers
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  now?: () => number
  cache?: ResultCache<unknown>
  /** Last chance to change a request URL (the fast path's host rewrite, #6). Must not throw. */
  rewriteUrl?: (url: string) => string
  /** Told when a rewritten request failed in transit (it is then retried on the original URL). */
  onRewriteFailure?: (rewrittenUrl: string, error: Error) => void
}

export interface NormalizedOptions {
  baseUrl: () => string
  fetch: FetchLike
  language: () => RequestLanguage | undefined
  timeoutMs: number
  maxResponseBytes: number
  retries: number
  timers: Timers
  sleep: (ms: number) => Promise<void>
  random: () => number
  cache: ResultCache<unknown>
  rewriteUrl: (url: string) => string
  onRewriteFailure: (rewrittenUrl: string, error: Error) => void
}

function asGetter<T>(value: T | (() => T)): () => T {
  return typeof value === 'function' ? (value as () => T) : () => value
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new RangeError(`HttpClientOptions.${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${value}`)
  }
  return value
}

/** The one place options are defaulted and checked (defaults applied once, at the boundary; the rest trusts the result). */
export function normalizeOptions(options: HttpClientOptions): NormalizedOptions {
  const baseUrl = asGetter(options.baseUrl)
  const crossApi = asGetter(options.crossApi ?? false)
  const timers = options.timers ?? systemTimers
  return {
    baseUrl: () => (crossApi() ? CROSS_API_PATH : baseUrl().replace(/\/+$/, '')),
    fetch: options.fetch,
    language: asGetter(options.language),
    timeoutMs: positive('timeoutMs', options.timeoutMs, BASIC_REQUEST_TIMEOUT_MS),
    maxResponseBytes: positive('maxResponseBytes', options.maxResponseBytes, MAX_RESPONSE_BYTES),
    retries: Math.floor(positive('retries', options.retries, DEFAULT_RETRIES, true)),
    timers,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => timers.setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    cache: options.cache ?? new ResultCache(options.now ?? Date.now),
    rewriteUrl: options.rewriteUrl ?? ((url) => url),
    onRewriteFailure: (target, error) => {
      try {
        options.onRewriteFailure?.(target, error)
      } catch {
        // A listener's bug must not turn a recovered request into a failure.
      }
    },
  }
}
