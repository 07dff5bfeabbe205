/**
 * The markets page's list and row figures as the page carries them: rows and figures as arrays
 * in a fixed order instead of objects with named fields. A 600-pair page then embeds ~90 kB
 * instead of ~230 kB, which the browser decodes, tokenises and compiles (its inline scripts)
 * before the first paint; unpacking on the client is one pass (docs/decisions/pages.md "Rendering
 * without long tasks"). Imports no decimal library: the client's first load unpacks it.
 */
import type { Figures } from '../market-data/figures'
import { CHANGE_ARROW, type Direction } from '../market-data/arrow'
import type { SymbolGroup, SymbolListView, SymbolRow } from './view'

/** Flags of a row: ban buy, ban sell, test pair. */
const BAN_BUY = 1
const BAN_SELL = 2
const TEST = 4

export type PackedRow = [
  symbolId: string,
  base: string,
  quote: string,
  name: string,
  volume: string,
  priceStep: string,
  tags: string[],
  leveraged: [direction: 'LONG' | 'SHORT', ratio: number | null] | 0,
  flags: number,
  tradeStatus: number,
]
export type PackedGroup = Omit<SymbolGroup, 'rows'> & { rows: PackedRow[] }
export type PackedView = Omit<SymbolListView, 'groups'> & { groups: PackedGroup[] }

export function packView(view: SymbolListView): PackedView {
  return {
    ...view,
    groups: view.groups.map(({ rows, ...group }) => ({
      ...group,
      rows: rows.map((r): PackedRow => [
        r.symbolId,
        r.base,
        r.quote,
        r.name,
        r.volume,
        r.priceStep,
        r.tags,
        r.leveraged ? [r.leveraged.direction, r.leveraged.ratio] : 0,
        (r.banBuy ? BAN_BUY : 0) | (r.banSell ? BAN_SELL : 0) | (r.test ? TEST : 0),
        r.tradeStatus,
      ]),
    })),
  }
}

/**
 * The packed list and figures as the page hands them to the browser: JSON text. React's flight
 * client walks every value of a component's props after parsing them (reviveModel, to find its
 * own references); a prop of 1 kB or more of text travels as a text row it leaves alone, so the
 * browser parses 600 rows with one native JSON.parse instead of walking ~20,000 values. The page
 * is no larger: the text rides in the same inline script as JSON props would, escaped once.
 */
export const packViewText = (view: SymbolListView): string => JSON.stringify(packView(view))
export const unpackViewText = (text: string): SymbolListView => unpackView(JSON.parse(text) as PackedView)
export const packFiguresText = (figures: Readonly<Record<string, Figures>>): string => JSON.stringify(packFigures(figures))
export const unpackFiguresText = (text: string): ServerFigures => unpackFigures(JSON.parse(text) as PackedFigures)

/**
 * The list as the page uses it. Each group's rows are unpacked when first read, once: the page's
 * first render reads one quote group (the tab it shows), so hydration does not build the other
 * groups' hundreds of rows (docs/decisions/pages.md "Rendering without long tasks").
 */
export function unpackView(packed: PackedView): SymbolListView {
  return { ...packed, groups: packed.groups.map(({ rows, ...group }) => withRowsOnRead(group, rows)) }
}

function withRowsOnRead(group: Omit<SymbolGroup, 'rows'>, packed: PackedRow[]): SymbolGroup {
  let rows: SymbolRow[] | undefined
  return Object.defineProperty({ ...group }, 'rows', { enumerable: true, get: () => (rows ??= packed.map(unpackRow)) }) as SymbolGroup
}

function unpackRow([symbolId, base, quote, name, volume, priceStep, tags, leveraged, flags, tradeStatus]: PackedRow): SymbolRow {
  return {
    symbolId,
    base,
    quote,
    name,
    volume,
    priceStep,
    tags,
    leveraged: leveraged ? { direction: leveraged[0], ratio: leveraged[1] } : null,
    banBuy: (flags & BAN_BUY) !== 0,
    banSell: (flags & BAN_SELL) !== 0,
    test: (flags & TEST) !== 0,
    tradeStatus,
  }
}

/** A markets row's figures (rowFiguresOf): last, turnover, the raw decimals, and the change when there is one. */
export type PackedFigures = Record<
  string,
  [last: string, turnover: string, rawLast: string | null, rawChange: string | null, direction?: Direction, changeText?: string]
>

export function packFigures(figures: Readonly<Record<string, Figures>>): PackedFigures {
  const out: PackedFigures = {}
  for (const [symbolId, f] of Object.entries(figures)) {
    const [rawLast, rawChange] = [f.raw?.last ?? null, f.raw?.change ?? null]
    out[symbolId] = f.change ? [f.last, f.turnover, rawLast, rawChange, f.change.direction, f.change.text] : [f.last, f.turnover, rawLast, rawChange]
  }
  return out
}

/**
 * The server's row figures as the page reads them. A markets page embeds every pair's figures
 * (a price or change order reads them all) but shows 25 rows: building all 600 Figures at
 * hydration cost a phone ~20 ms plus their garbage, so each pair's are built on first read.
 */
export interface ServerFigures {
  /** A pair's figures, built on first read and the same object after (a memoised row keeps its render). */
  of(symbolId: string): Figures | undefined
  /** Every pair's upstream decimals, for a price or change order; builds no Figures. */
  raws(): Iterable<[symbolId: string, last: string | undefined, change: string | undefined]>
}

export function unpackFigures(packed: PackedFigures): ServerFigures {
  const built = new Map<string, Figures>()
  return {
    of(symbolId) {
      const hit = built.get(symbolId)
      if (hit) return hit
      const entry = Object.hasOwn(packed, symbolId) ? packed[symbolId] : undefined
      if (!entry) return undefined
      const figures = unpackEntry(entry)
      built.set(symbolId, figures)
      return figures
    },
    *raws() {
      for (const [symbolId, entry] of Object.entries(packed)) yield [symbolId, entry[2] ?? undefined, entry[3] ?? undefined]
    },
  }
}

function unpackEntry([last, turnover, rawLast, rawChange, direction, text]: PackedFigures[string]): Figures {
  const raw = { last: rawLast ?? undefined, change: rawChange ?? undefined }
  return direction && text !== undefined ? { last, change: { direction, text, arrow: CHANGE_ARROW[direction] }, turnover, raw } : { last, turnover, raw }
}

/**
 * The page's figures with more behind them (the short-lived figures of every row): a pair the page
 * has keeps the page's figures, the same object its drawn row already shows; the others come from
 * `more` (docs/decisions/pages.md "The whole list is one immutable resource").
 */
export function withMoreFigures(page: ServerFigures, more: ServerFigures): ServerFigures {
  return {
    of: (symbolId) => page.of(symbolId) ?? more.of(symbolId),
    *raws() {
      const seen = new Set<string>()
      for (const raw of page.raws()) {
        seen.add(raw[0])
        yield raw
      }
      for (const raw of more.raws()) if (!seen.has(raw[0])) yield raw
    },
  }
}
