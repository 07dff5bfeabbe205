import type { KeyValueStorage, StorageProblemHandler } from '../../storage/storage'
import { seedSymbolCache, type SeedOutcome, type SymbolCacheSeed } from '../seed'

/** Both records of a seed, symbol then incremental, as the browser seeds them (in one go here). */
export function seedSymbolCaches(storage: KeyValueStorage, seed: SymbolCacheSeed, language: string, onProblem?: StorageProblemHandler): SeedOutcome {
  return {
    symbol: seedSymbolCache(storage, seed, 'symbol', language, onProblem),
    incremental: seedSymbolCache(storage, seed, 'incremental', language, onProblem),
  }
}
