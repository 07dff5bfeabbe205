import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { readJson, writeJson } from '../storage/json'
import type { KeyValueStorage, StorageProblemHandler } from '../storage/storage'
import { encodeCompactPair } from './encode'
import { incrementalCacheSchema, symbolCacheSchema } from './schema'
import { ALL_PAIR, V3_PAIR } from './schema-pair'
import type { IncrementalCacheRecord, SymbolCacheRecord } from './types'

/** The two SPEC §3 cache records in storage. Reads never throw for bad data: a corrupt record is evicted and reads as absent. */
export interface SymbolCaches {
  readSymbol(): SymbolCacheRecord | undefined
  readIncremental(): IncrementalCacheRecord | undefined
  /** Stores both records of a successful load; refuses (returns false) an empty one. */
  save(symbol: SymbolCacheRecord, incremental: IncrementalCacheRecord): boolean
  /** After a merge error: keep the stored records for stale-if-error, but ask for the whole all-list next time. */
  markResync(): void
}

function hasPairs(symbol: SymbolCacheRecord, incremental: IncrementalCacheRecord): boolean {
  return symbol.quoteTokenResult.some((g) => g.quoteTokenSymbols.length > 0) && incremental.quoteTokenSymbols.length > 0
}

export function createSymbolCaches(storage: KeyValueStorage, onProblem?: StorageProblemHandler): SymbolCaches {
  function readSymbol(): SymbolCacheRecord | undefined {
    const read = readJson(storage, SYMBOL_CACHE_KEY, symbolCacheSchema, onProblem)
    return read.status === 'ok' ? read.value : undefined
  }
  function readIncremental(): IncrementalCacheRecord | undefined {
    const read = readJson(storage, INCREMENTAL_CACHE_KEY, incrementalCacheSchema, onProblem)
    return read.status === 'ok' ? read.value : undefined
  }
  function writeIncremental(record: IncrementalCacheRecord): boolean {
    return writeJson(storage, INCREMENTAL_CACHE_KEY, {
      ...record,
      quoteTokenSymbols: record.quoteTokenSymbols.map((pair) => encodeCompactPair(pair, ALL_PAIR)),
    })
  }
  return {
    readSymbol,
    readIncremental,
    save(symbol, incremental) {
      if (!hasPairs(symbol, incremental)) return false
      // Each record carries its own conditional-request token (version, lastModifiedTime), so
      // either one being kept alone still describes itself correctly.
      const wroteIncremental = writeIncremental(incremental)
      const wroteSymbol = writeJson(storage, SYMBOL_CACHE_KEY, {
        ...symbol,
        quoteTokenResult: symbol.quoteTokenResult.map((g) => ({ ...g, quoteTokenSymbols: g.quoteTokenSymbols.map((p) => encodeCompactPair(p, V3_PAIR)) })),
      })
      return wroteIncremental && wroteSymbol
    },
    markResync() {
      const current = readIncremental()
      if (current && current.lastModifiedTime !== null) writeIncremental({ ...current, lastModifiedTime: null })
    },
  }
}
