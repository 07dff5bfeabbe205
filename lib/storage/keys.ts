/**
 * Storage keys and limits (SPEC §9). Only the symbol caches are ours; the other keys SPEC §9
 * names belong to the language, theme and route engines and are listed so nobody collides.
 */

/** SPEC §3 symbol cache { quoteTokenResult, version } of symbol_list_v3. */
export const SYMBOL_CACHE_KEY = 'symbol_list_v3_cache'
/** SPEC §3 incremental cache { quoteTokenSymbols, lastModifiedTime } of symbol_list_all. */
export const INCREMENTAL_CACHE_KEY = 'symbol_list_all_cache'

export const SYMBOL_STORAGE_KEYS: readonly string[] = [SYMBOL_CACHE_KEY, INCREMENTAL_CACHE_KEY]

/** SPEC §9 keys of other engines: never written by the symbol loader. */
export const RESERVED_STORAGE_KEYS: readonly string[] = ['BYBIT_LANG_KEY', 'BYBIT_THEME_KEY', 'route_chosen_v2']

/** SPEC §9: the local persistent cache holds at most 4718592 characters (keys plus values). */
export const LOCAL_CACHE_LIMIT_CHARS = 4718592
