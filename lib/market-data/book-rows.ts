/**
 * What the book's rows show, as text (issue 51 item 3): each row's price at the step's decimals,
 * its size and cumulative total at the pair's quantity precision, and its depth bar's share of
 * the deepest total shown; between the sides the spread, absolute and as a percentage of the mid
 * price. Figures are written from exact units (./book-decimal.ts) in the page's separators; only
 * a bar's width is a float, and it is drawn, never read as a figure.
 */
import type { FigureFormats } from '../i18n/figure-formats'
import { formatUnits, percentText } from './book-decimal'
import { groupSide, spreadOf, type GroupRow } from './book-groups'
import type { Book } from './order-book'

export interface BookRowText {
  price: string
  size: string
  total: string
  /** The row's total over the deepest total shown, 0–1. */
  depth: number
}

export interface BookRowsText {
  /** Best first on both sides. */
  bids: readonly BookRowText[]
  asks: readonly BookRowText[]
  spread: string | null
  /** The spread's percentage of the mid price, with the locale's percent sign. */
  spreadPercent: string | null
  /** The whole depth fits in fewer rows than the layout shows at this step. */
  folded: boolean
}

export interface BookRowsOptions {
  step: { units: bigint; places: number }
  rows: number
  pricePlaces: number
  sizePlaces: number
  formats: Pick<FigureFormats, 'group' | 'decimal' | 'percent'>
  /** Units already written, reused across frames (createUnitsText); without it each figure is written afresh. */
  texts?: UnitsText
}

/** Units at some places as text, in one page's separators. */
export type UnitsText = (units: bigint, places: number) => string

/** Figures kept once written: a price, size or total seen in the last frames costs a lookup, not a rounding and a write. */
export const UNITS_TEXT_KEPT = 4096

/** A writer of units that remembers its last UNITS_TEXT_KEPT figures per places (then starts over: the book moves on). */
export function createUnitsText(formats: Pick<FigureFormats, 'group' | 'decimal'>): UnitsText {
  const byPlaces = new Map<number, Map<bigint, string>>()
  return (units, places) => {
    let kept = byPlaces.get(places)
    if (!kept) byPlaces.set(places, (kept = new Map()))
    let text = kept.get(units)
    if (text === undefined) {
      if (kept.size >= UNITS_TEXT_KEPT) kept.clear()
      text = formatUnits(units, places, formats)
      kept.set(units, text)
    }
    return text
  }
}

/** Places enough to show the spread's percentage with a non-zero digit (2 to 6), like "0.0017". */
function spreadPercentText(spread: bigint, midTwice: bigint, formats: Pick<FigureFormats, 'decimal' | 'percent'>): string {
  // spread / mid × 100 = spread × 2 / midTwice × 100
  let text = percentText(spread * 2n, midTwice, 2)
  for (let places = 3; places <= 6 && /^[0.]+$/.test(text); places++) text = percentText(spread * 2n, midTwice, places)
  const affix = formats.percent.flat
  const number = text.replace('.', formats.decimal)
  return affix.length === 2 ? `${affix[0]}${number}${affix[1]}` : `${number}%`
}

export function bookRowsText(book: Pick<Book, 'bids' | 'asks'>, o: BookRowsOptions): BookRowsText {
  const bids = groupSide('bids', book.bids, o.step.units, o.rows)
  const asks = groupSide('asks', book.asks, o.step.units, o.rows)
  const deepest = Number(maxTotal(bids.rows, asks.rows))
  const write = o.texts ?? ((units: bigint, places: number) => formatUnits(units, places, o.formats))
  const text = (row: GroupRow): BookRowText => ({
    price: write(row.price, o.step.places),
    size: write(row.size, o.sizePlaces),
    total: write(row.total, o.sizePlaces),
    depth: deepest > 0 ? Number(row.total) / deepest : 0,
  })
  const spread = spreadOf(book.bids, book.asks)
  return {
    bids: bids.rows.map(text),
    asks: asks.rows.map(text),
    spread: spread ? formatUnits(spread.spread, o.pricePlaces, o.formats) : null,
    spreadPercent: spread && spread.midTwice > 0n ? spreadPercentText(spread.spread, spread.midTwice, o.formats) : null,
    folded: bids.folded || asks.folded,
  }
}

function maxTotal(a: readonly GroupRow[], b: readonly GroupRow[]): bigint {
  const x = a.at(-1)?.total ?? 0n
  const y = b.at(-1)?.total ?? 0n
  return x > y ? x : y
}
