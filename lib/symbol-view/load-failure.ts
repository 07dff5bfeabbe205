/**
 * The browser's symbol-list failure state: when a revalidation ends on a cached copy or the
 * built-in sample, the page says why, with the SPEC §8 message of the last failed request
 * (the `Errors.*` messages; docs/decisions/client-wiring.md "Errors.* in the browser's failure states").
 */
import { MESSAGES } from '../http/constants'
import type { Monitor } from '../monitor/monitor'

/** The `Errors` message keys; `generic` when the failure was not a request's. */
export type ErrorKey = keyof typeof MESSAGES | 'generic'
/** A catalogue message is shown translated; an upstream's own ret_msg (sent in the page's language) verbatim. */
export type LoadFailure = { key: ErrorKey } | { text: string }

const REQUEST_ERRORS = new Set(['RequestError', 'NetworkError', 'TimeoutError', 'HttpStatusError', 'ParseError', 'ApiError'])
const BY_MESSAGE = new Map<string, ErrorKey>(Object.entries(MESSAGES).map(([key, message]) => [message, key as ErrorKey]))
/** Steps of the chain whose incidents carry a request failure (lib/symbols/loader.ts). */
const NETWORK_STEPS = new Set(['v3+all', 'v2'])

/** What to tell the reader about one failed step (its incident detail). */
export function failureOf(detail: Record<string, unknown> | undefined): LoadFailure {
  const message = detail?.message
  if (typeof message !== 'string' || !REQUEST_ERRORS.has(String(detail?.error))) return { key: 'generic' }
  const key = BY_MESSAGE.get(message)
  return key ? { key } : { text: message }
}

/**
 * A Monitor that forwards everything and, at the end of each load, tells `onResult` the failure
 * to show: the last failed step's, when the list is not a network one; null when it is.
 */
export function watchLoadFailures(forward: Monitor, onResult: (failure: LoadFailure | null) => void): Monitor {
  let last: LoadFailure | undefined
  return {
    incident(code, detail) {
      forward.incident(code, detail)
      if (NETWORK_STEPS.has(String(detail?.step))) last = failureOf(detail)
    },
    event(name, detail) {
      forward.event(name, detail)
      if (name !== 'symbol_list_loaded') return
      const source = detail?.source
      onResult(source === 'cache' || source === 'builtin' ? (last ?? { key: 'generic' }) : null)
      last = undefined
    },
  }
}
