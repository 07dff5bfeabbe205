import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import type { HttpClient } from '../http/client'
import { RequestError } from '../http/errors'
import { singleFlight } from '../http/single-flight'
import type { Monitor } from '../monitor/monitor'
import type { KeyValueStorage } from '../storage/storage'
import { builtinSymbolList } from './builtin'
import { createSymbolCaches, type UnchangedSave } from './cache'
import { SYMBOL_INCIDENTS } from './incidents'
import { MergeError } from './merge'
import { SymbolAnswerError, type SymbolListResult } from './result'
import { isSplitRequestFailure, loadV2, loadV3WithAll, type SourceContext } from './sources'
import { freshestStale } from './stale'
import { safeMonitor } from '../monitor/safe'

export interface SymbolLoaderOptions {
  client: HttpClient
  storage: KeyValueStorage
  monitor: Monitor
  now: () => number
  /** The language the list is requested in (its code, e.g. "tr-TUR"); the caches are kept per language. */
  language?: string | { code: string }
  /** What a load the upstream answered as unchanged stores (cache.ts): the server rewrites, the browser confirms. */
  unchanged?: UnchangedSave
  /** SPEC §9: 8000 ms. Tests pass less to keep hang/drip faults fast. */
  timeoutMs?: number
  /**
   * Awaited between a load's steps: the answers' checks and merge, the derivation, the save, the
   * caller's work on the result. The browser passes a later task, so none of them blocks input for
   * long on a phone; the server passes none (docs/decisions/pages.md "Rendering without long tasks").
   */
  between?: () => Promise<void>
}

export interface SymbolLoader {
  /** Runs the SPEC §4 chain; concurrent calls share one load. Never rejects. */
  load(): Promise<SymbolListResult>
  /** Runs the chain once, unshared: for a caller that already loads one list at a time (the server's feed). Never rejects. */
  loadAlone(): Promise<SymbolListResult>
  /** The list the last load returned, if any, without loading. */
  peek(): SymbolListResult | undefined
}

/**
 * The incident a failed step logs: its own code for request/answer failures (the all-list's own
 * 11511506 inside v3+all), 11511507 for a merge gap, 11511505 for a bug.
 */
function incidentFor(error: unknown, requestCode: number): number {
  if (error instanceof MergeError) return SYMBOL_INCIDENTS.MERGE_ERROR
  if (requestCode === SYMBOL_INCIDENTS.V3_REQUEST_ERROR && isSplitRequestFailure(error)) return SYMBOL_INCIDENTS.SPLIT_REQUEST_ERROR
  if (error instanceof RequestError || error instanceof SymbolAnswerError) return requestCode
  return SYMBOL_INCIDENTS.CODE_ERROR
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof RequestError) return { error: error.name, message: error.message, detail: error.detail, code: error.code, status: error.status }
  if (error instanceof Error) return { error: error.name, message: error.message }
  return { error: String(error) }
}

export function createSymbolLoader(options: SymbolLoaderOptions): SymbolLoader {
  const monitor = safeMonitor(options.monitor)
  const safeNow = () => {
    try {
      return options.now()
    } catch {
      return Date.now()
    }
  }
  const onProblem = (problem: { kind: string; key?: string; detail: string }) => monitor.event('symbol_storage_problem', { ...problem })
  const caches = createSymbolCaches(options.storage, onProblem, { unchanged: options.unchanged })
  const ctx: SourceContext = {
    client: options.client,
    caches: {
      ...caches,
      // A storage that throws on write is a bug to report, not a reason to throw away a good list.
      save(symbol, incremental, unchanged) {
        try {
          return caches.save(symbol, incremental, unchanged)
        } catch (error) {
          monitor.incident(SYMBOL_INCIDENTS.CODE_ERROR, { step: 'save', ...describe(error) })
          return false
        }
      },
    },
    now: options.now,
    timeoutMs: options.timeoutMs ?? SYMBOL_REQUEST_TIMEOUT_MS,
    language: typeof options.language === 'object' ? options.language.code : options.language,
    onDropped: (endpoint, { dropped, problems }) => monitor.event('symbol_pairs_dropped', { endpoint, dropped, problems }),
    between: options.between,
  }
  let lastGood: SymbolListResult | undefined
  let current: SymbolListResult | undefined

  /** SPEC §4 step 4–5: the freshest stale list, else the built-in sample. Cannot throw. */
  function lastResort(): SymbolListResult {
    try {
      const stale = freshestStale(lastGood, ctx.caches, safeNow())
      if (stale) {
        monitor.incident(SYMBOL_INCIDENTS.CACHE_DATA_USED, { ageMs: stale.provenance.ageMs, fetchedAt: stale.provenance.fetchedAt })
        return stale
      }
    } catch (error) {
      monitor.incident(SYMBOL_INCIDENTS.CODE_ERROR, { step: 'cache', ...describe(error) })
    }
    monitor.incident(SYMBOL_INCIDENTS.BUILTIN_DATA_USED)
    return builtinSymbolList(safeNow())
  }

  async function chain(): Promise<SymbolListResult> {
    try {
      return (lastGood = await loadV3WithAll(ctx))
    } catch (error) {
      monitor.incident(incidentFor(error, SYMBOL_INCIDENTS.V3_REQUEST_ERROR), { step: 'v3+all', ...describe(error) })
    }
    monitor.incident(SYMBOL_INCIDENTS.FALLBACK_TO_V2)
    try {
      return (lastGood = await loadV2(ctx))
    } catch (error) {
      monitor.incident(incidentFor(error, SYMBOL_INCIDENTS.V2_FALLBACK_ERROR), { step: 'v2', ...describe(error) })
    }
    return lastResort()
  }

  async function run(): Promise<SymbolListResult> {
    let result: SymbolListResult
    try {
      result = await chain()
    } catch (error) {
      // Only a bug gets here (every step catches its own failures); the page still gets a list.
      monitor.incident(SYMBOL_INCIDENTS.CODE_ERROR, { step: 'chain', ...describe(error) })
      result = builtinSymbolList(safeNow())
    }
    current = result
    monitor.event('symbol_list_loaded', {
      source: result.provenance.source,
      pairs: result.symbols.length,
      dropped: result.provenance.dropped,
      ageMs: result.provenance.ageMs,
    })
    return result
  }

  return {
    // SPEC §4 step 1: one request at a time, the result shared by every caller.
    load: singleFlight(run),
    loadAlone: run,
    peek: () => current,
  }
}
