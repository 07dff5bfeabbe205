/** The symbol loader's browser-storage keys (SPEC §9); the loader writes no other key. */

/** SPEC §3 symbol cache { quoteTokenResult, version } of symbol_list_v3. */
export const SYMBOL_CACHE_KEY = 'symbol_list_v3_cache'
/** SPEC §3 incremental cache { quoteTokenSymbols, lastModifiedTime } of symbol_list_all. */
export const INCREMENTAL_CACHE_KEY = 'symbol_list_all_cache'

/**
 * When the upstream last confirmed both records unchanged ({ savedAt, version, lastModifiedTime,
 * language }): the browser writes this small record instead of rewriting the two large ones
 * (docs/decisions/pages.md "An unchanged list is confirmed, not rewritten").
 */
export const CONFIRMED_KEY = 'symbol_list_confirmed'

export const SYMBOL_STORAGE_KEYS: readonly string[] = [SYMBOL_CACHE_KEY, INCREMENTAL_CACHE_KEY, CONFIRMED_KEY]
