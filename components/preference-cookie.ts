const ONE_YEAR_S = 365 * 24 * 60 * 60

/** Writes a user preference cookie (BYBIT_LANG_KEY, BYBIT_THEME_KEY) readable on every page for a year. */
export function writePreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`
}
