/** What a figure shows when the pair has no market data yet: a dash, never zero (docs/wire.md "Market data"). */
export const NO_DATA = '—'
