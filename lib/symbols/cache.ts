import type { z } from 'zod/mini'
import { CONFIRMED_KEY, INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { readJson, writeJson } from '../storage/json'
import type { KeyValueStorage, StorageProblemHandler } from '../storage/storage'
import { encodeCompactPair } from './encode'
import { confirmationSchema, incrementalCacheSchema, symbolCacheSchema } from './schema'
import { ALL_PAIR, V3_PAIR } from './schema-pair'
import type { IncrementalCacheRecord, ListConfirmation, SymbolCacheRecord } from './types'

/** Which records of a save the upstream answered as unchanged (a version hit; an empty delta with the same lastModifiedTime). */
export interface UnchangedRecords {
  symbol: boolean
  incremental: boolean
}

/**
 * What a save does with a record the upstream answered as unchanged: 'rewrite' stores it again
 * with the new savedAt (the server: its seed and fleet copies read savedAt from the record);
 * 'confirm' leaves it and writes the small confirmation record instead (the browser: rewriting
 * two records of about 200 kB every minute cost a phone tens of milliseconds each time).
 */
export type UnchangedSave = 'rewrite' | 'confirm'

/** The two SPEC §3 cache records in storage. Reads never throw for bad data: a corrupt record is evicted and reads as absent. */
export interface SymbolCaches {
  /** The symbol record; its savedAt includes a later confirmation of the same version. */
  readSymbol(): SymbolCacheRecord | undefined
  /** The incremental record; its savedAt includes a later confirmation of the same lastModifiedTime. */
  readIncremental(): IncrementalCacheRecord | undefined
  /** Stores both records of a successful load; refuses (returns false) an empty one. */
  save(symbol: SymbolCacheRecord, incremental: IncrementalCacheRecord, unchanged?: UnchangedRecords): boolean
  /** After a merge error: keep the stored records for stale-if-error, but ask for the whole all-list next time. */
  markResync(): void
}

function hasPairs(symbol: SymbolCacheRecord, incremental: IncrementalCacheRecord): boolean {
  return symbol.quoteTokenResult.some((g) => g.quoteTokenSymbols.length > 0) && incremental.quoteTokenSymbols.length > 0
}

/** A record's savedAt, moved to a later confirmation of the same content (version; lastModifiedTime) and language. */
export function confirmedSavedAt(
  part: 'symbol' | 'incremental',
  record: { savedAt: number; language?: unknown; version?: unknown; lastModifiedTime?: unknown },
  confirmation: ListConfirmation | undefined,
): number {
  if (!confirmation || confirmation.language !== record.language || confirmation.savedAt <= record.savedAt) return record.savedAt
  const same = part === 'symbol' ? record.version === confirmation.version : record.lastModifiedTime === confirmation.lastModifiedTime
  return same ? confirmation.savedAt : record.savedAt
}

/** The stored confirmation (CONFIRMED_KEY); a misfit is evicted and reported like a record. */
export function readConfirmation(storage: KeyValueStorage, onProblem?: StorageProblemHandler): ListConfirmation | undefined {
  const got = readJson(storage, CONFIRMED_KEY, confirmationSchema, onProblem)
  return got.status === 'ok' ? got.value : undefined
}

export function createSymbolCaches(
  storage: KeyValueStorage,
  onProblem?: StorageProblemHandler,
  { unchanged: unchangedSave = 'rewrite' }: { unchanged?: UnchangedSave } = {},
): SymbolCaches {
  const read = <T>(key: string, schema: z.ZodMiniType<T>): T | undefined => {
    const got = readJson(storage, key, schema, onProblem)
    return got.status === 'ok' ? got.value : undefined
  }
  /** The stored value is shared (lib/storage/json.ts): a confirmed one is a new object. */
  function confirmed<R extends SymbolCacheRecord | IncrementalCacheRecord>(part: 'symbol' | 'incremental', record: R | undefined): R | undefined {
    if (!record) return undefined
    const savedAt = confirmedSavedAt(part, record, readConfirmation(storage, onProblem))
    return savedAt === record.savedAt ? record : { ...record, savedAt }
  }
  const readIncremental = () => confirmed('incremental', read<IncrementalCacheRecord>(INCREMENTAL_CACHE_KEY, incrementalCacheSchema))
  function writeIncremental(record: IncrementalCacheRecord): boolean {
    return writeJson(storage, INCREMENTAL_CACHE_KEY, {
      ...record,
      quoteTokenSymbols: record.quoteTokenSymbols.map((pair) => encodeCompactPair(pair, ALL_PAIR)),
    })
  }
  function writeSymbol(record: SymbolCacheRecord): boolean {
    return writeJson(storage, SYMBOL_CACHE_KEY, {
      ...record,
      quoteTokenResult: record.quoteTokenResult.map((g) => ({ ...g, quoteTokenSymbols: g.quoteTokenSymbols.map((p) => encodeCompactPair(p, V3_PAIR)) })),
    })
  }
  /** Whether the stored record is of this language and still the one a confirmation would describe. */
  function storedMatches(symbol: SymbolCacheRecord, incremental: IncrementalCacheRecord, unchanged: UnchangedRecords) {
    const storedSymbol = unchanged.symbol ? read<SymbolCacheRecord>(SYMBOL_CACHE_KEY, symbolCacheSchema) : undefined
    const storedIncremental = unchanged.incremental ? read<IncrementalCacheRecord>(INCREMENTAL_CACHE_KEY, incrementalCacheSchema) : undefined
    return {
      symbol: storedSymbol !== undefined && storedSymbol.language === symbol.language && storedSymbol.version === symbol.version,
      incremental:
        storedIncremental !== undefined &&
        storedIncremental.language === incremental.language &&
        storedIncremental.lastModifiedTime === incremental.lastModifiedTime,
    }
  }
  return {
    readSymbol: () => confirmed('symbol', read<SymbolCacheRecord>(SYMBOL_CACHE_KEY, symbolCacheSchema)),
    readIncremental,
    save(symbol, incremental, unchanged = { symbol: false, incremental: false }) {
      if (!hasPairs(symbol, incremental)) return false
      // Each record carries its own conditional-request token (version, lastModifiedTime), so
      // either one being kept alone still describes itself correctly.
      const keep = unchangedSave === 'confirm' ? storedMatches(symbol, incremental, unchanged) : { symbol: false, incremental: false }
      const wroteIncremental = keep.incremental || writeIncremental(incremental)
      const wroteSymbol = keep.symbol || writeSymbol(symbol)
      if (!keep.symbol && !keep.incremental) return wroteIncremental && wroteSymbol
      const confirmation: ListConfirmation = {
        savedAt: Math.max(symbol.savedAt, incremental.savedAt),
        version: symbol.version,
        lastModifiedTime: incremental.lastModifiedTime,
        language: symbol.language,
      }
      return writeJson(storage, CONFIRMED_KEY, confirmation) && wroteIncremental && wroteSymbol
    },
    markResync() {
      const current = readIncremental()
      if (current && current.lastModifiedTime !== null) writeIncremental({ ...current, lastModifiedTime: null })
    },
  }
}
