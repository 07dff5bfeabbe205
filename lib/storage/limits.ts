/**
 * The storage budget (SPEC §9). Key names belong to the engines that use them: the symbol
 * caches to lib/symbols/storage-keys.ts, the route choice to lib/route-chooser/constants.ts,
 * the language and theme to lib/i18n/languages.ts.
 */

/** SPEC §9: the local persistent cache holds at most 4718592 characters (keys plus values). */
export const LOCAL_CACHE_LIMIT_CHARS = 4718592
