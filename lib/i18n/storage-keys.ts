/**
 * SPEC §9 storage keys of the language and the theme: a module of their own, so a client
 * component that writes one does not bring the language catalogue into the browser's first load.
 */
export const LANG_COOKIE = 'BYBIT_LANG_KEY'
export const THEME_COOKIE = 'BYBIT_THEME_KEY'
