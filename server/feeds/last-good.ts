/**
 * The last good value of some upstream data (a symbol list, an upstream's tickers): what answers
 * when the upstream fails, is backed off or is slow, so a page never loses its data to an outage
 * (docs/decisions/pages.md "Server symbol-list reuse", "Prices on server-rendered pages"). A newer
 * value replaces it, an older one never does.
 */
export interface LastGood<T> {
  /** The value held in memory, without reading the stored one. */
  peek(): T | undefined
  /** The value in memory, else the stored one (read again on each call until one is found). */
  get(): T | undefined
  /** Keeps `value` unless the one held is newer. */
  keep(value: T): void
  /** The store got a copy fetched at `fetchedAt`: an older value in memory is dropped, to be read again. */
  forgetOlderThan(fetchedAt: number): void
}

export function createLastGood<T>(fetchedAtOf: (value: T) => number, stored: () => T | undefined = () => undefined): LastGood<T> {
  let held: T | undefined
  return {
    peek: () => held,
    get: () => (held ??= stored()),
    keep(value) {
      if (held === undefined || fetchedAtOf(value) >= fetchedAtOf(held)) held = value
    },
    forgetOlderThan(fetchedAt) {
      if (held !== undefined && fetchedAtOf(held) < fetchedAt) held = undefined
    },
  }
}
