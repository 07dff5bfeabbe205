import type { FailureBackoff } from '@/lib/http/failure-backoff'
import type { Monitor } from '@/lib/monitor/monitor'
import type { KeyValueStorage } from '@/lib/storage/storage'
import type { SymbolCaches, SymbolListResult, SymbolLoader } from '@/lib/symbols'
import type { SharedListStore } from './symbol-shared'

/** One incident of the current refresh attempt (SPEC §8 code; the message when it carries an error). */
export interface AttemptIncident {
  code: number
  message?: string
}

/** The pair-list state of one (upstream, language). */
export interface Entry {
  key: string
  upstream: string
  language: string
  loader?: SymbolLoader
  storage: KeyValueStorage
  caches: SymbolCaches
  /** The list last given to pages, and when. */
  last?: { result: SymbolListResult; at: number }
  /** The freshest list that is not the built-in sample (network, stored or cached). */
  good?: SymbolListResult
  pending?: Promise<SymbolListResult>
  /** Consecutive refreshes of this language that gave no live list. */
  failures: number
  attempt?: AttemptIncident[]
}

/** One upstream (API base URL): the refresh in flight and the remembered failures. */
export interface Upstream {
  backoff: FailureBackoff
  busy?: Promise<void>
}

/** The server monitor, also noting each incident of the entry's current attempt for /api/health. */
export function attemptMonitor(monitor: Monitor, entry: Entry): Monitor {
  return {
    incident(code, detail) {
      const message = typeof detail?.message === 'string' ? detail.message : undefined
      entry.attempt?.push({ code: Number(code), message })
      monitor.incident(code, detail)
    },
    event: (name, detail) => monitor.event(name, detail),
  }
}

/** Options of createSymbolService (server/symbol-service.ts). */
export interface SymbolServiceOptions {
  /** Where the last good lists are kept across restarts. */
  dir: string
  /** A live result younger than this is reused without asking the upstream. */
  reuseMs?: number
  /** With a good list known, how long a render waits for a fresh one. */
  patienceMs?: number
  /** A list older than this is past its refresh time (the pair pages' revalidate period). */
  refreshMs?: number
  fetch?: typeof fetch
  /** SPEC §9 8000 ms; tests pass less. */
  timeoutMs?: number
  now?: () => number
  random?: () => number
  /** Fleet mode: the pair lists and refresh leases every instance shares (absent: this process alone). */
  shared?: SharedListStore
}
