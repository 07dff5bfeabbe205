'use client'

import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { useTranslations } from 'next-intl'
import { createBrowserStorage } from '@/lib/storage/browser'
import { createFrameGate, type FrameGate } from '@/lib/engine-kit/frame-gate'
import { mergeSteps } from '@/lib/market-data/book-groups'
import { bookRowsText, createUnitsText, type BookRowText } from '@/lib/market-data/book-rows'
import { BOOK_STEP_KEY, keepBookStep, readBookStep } from '@/lib/market-data/book-step'
import { displayDecimals, formatAmount, formatPrice } from '@/lib/market-data/format'
import { figureFormatsOf } from '@/lib/i18n/figure-formats'
import type { Trade } from '@/lib/market-data/trade-tape'
import { TAPE_LENGTH } from '@/lib/market-data/trade-tape'
import { useLiveState } from '../market/useLiveState'
import { useBookFeed, type BookFeed } from './useBookFeed'
import type { BookLabels } from './labels'
import './book.css'

export interface BookPanelProps {
  symbol: string
  /** The pair's digitMerge steps. */
  steps: readonly string[]
  /** The pair's price step (minPricePrecision): the trades' prices and the spread at its places. */
  priceStep: string
  /** The pair's quantity precision (decimals of basePrecision): sizes and totals at its places. */
  quantityPlaces: number
  locale: string
  /** The panel's words, from the server (./labels.ts). */
  labels: BookLabels
}

/** Levels a side shows: at least 8 on a phone, 15 beside the chart on a desktop (the CSS sizes the panel for them). */
export const PHONE_LEVELS = 8
export const DESKTOP_LEVELS = 15
const DESKTOP = '(min-width: 1024px)'

/**
 * The least time between two draws of the book or the trades: ten a second reads as live, and a
 * draw is a relayout and repaint of the panel (docs/decisions/pages.md "The order book and trades on the pair page").
 */
export const BOOK_DRAW_MS = 100
const pace = { minGapMs: BOOK_DRAW_MS, now: () => performance.now() }

const frames = () => ({ request: (draw: () => void) => requestAnimationFrame(draw), cancel: (h: unknown) => cancelAnimationFrame(h as number) })

function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(DESKTOP)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia(DESKTOP).matches,
    () => false,
  )
}

const stepStorage = () => createBrowserStorage(() => window.localStorage, { ownKeys: [BOOK_STEP_KEY] })

/**
 * A cell writer that writes only what changed (a frame rewrites what moved, not the whole book),
 * comparing with what it wrote last rather than reading the DOM back.
 */
function cellWriter(): (cell: Element | undefined | null, text: string) => void {
  const shown = new WeakMap<Element, string>()
  return (cell, text) => {
    if (!cell || shown.get(cell) === text) return
    shown.set(cell, text)
    cell.textContent = text
  }
}

/**
 * The pair's order book and recent trades (issue 51): tabs under the chart on a phone, beside it on
 * a desktop. The rows are rendered once by React and written in place, at most once per animation
 * frame, whatever the push rate (docs/decisions/pages.md "The order book and trades on the pair page"). Its code
 * is a chunk loaded after hydration (PairMarket).
 */
export default function BookPanel(props: BookPanelProps) {
  const { symbol, steps, priceStep, quantityPlaces, locale, labels: l } = props
  const tMarket = useTranslations('Market')
  const feed = useBookFeed(symbol, l.book)
  const [tab, setTab] = useState<'book' | 'trades'>('book')
  const wide = useWide()
  const rows = wide ? DESKTOP_LEVELS : PHONE_LEVELS
  const stepList = useMemo(() => mergeSteps(steps), [steps])
  const [step, setStep] = useState(
    () =>
      readBookStep(
        stepStorage(),
        symbol,
        stepList.map((s) => s.text),
      ) ?? priceStep,
  )
  const chosen = stepList.find((s) => s.text === step) ?? stepList[0]
  const live = useLiveState().state
  const keeperState = useSyncExternalStore(
    feed.keeper.subscribe,
    () => feed.keeper.getSnapshot().state,
    () => 'waiting' as const,
  )
  // Stale is the price's: the socket or the poll stopped. A book awaiting its next snapshot (a new socket, a bad message) is shown dimmed too.
  const shown = keeperState === 'waiting' ? 'waiting' : live === 'stale' ? 'stale' : keeperState === 'resync' ? 'resync' : 'live'
  const mark = shown === 'stale' ? tMarket('offline') : shown === 'resync' ? l.updating : shown === 'waiting' ? l.waiting : ''
  const choose = (next: 'book' | 'trades') => setTab(next)
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return
    event.preventDefault()
    const next = tab === 'book' ? 'trades' : 'book'
    setTab(next)
    document.getElementById(`book-tab-${next}`)?.focus()
  }
  return (
    <section className="book-panel" aria-label={l.title} data-testid="book-panel" data-state={shown} data-tab={tab}>
      <div className="book-bar">
        <div role="tablist" aria-label={l.title} className="book-tabs" onKeyDown={onTabKey}>
          {(['book', 'trades'] as const).map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`book-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`book-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => choose(id)}
              data-testid={`book-tab-${id}`}
            >
              {id === 'book' ? l.book : l.trades}
            </button>
          ))}
        </div>
        <span className="book-mark" role="status" data-testid="book-mark">
          {mark}
        </span>
      </div>
      <div role="tabpanel" id="book-panel-book" aria-labelledby="book-tab-book" hidden={tab !== 'book'} className="book-body">
        <div className="book-tools">
          <label>
            <span>{l.grouping}</span>{' '}
            <select
              value={chosen?.text ?? step}
              data-testid="book-step"
              onChange={(event) => {
                const next = event.currentTarget.value
                setStep(next)
                keepBookStep(stepStorage(), symbol, next)
              }}
            >
              {stepList.map((s) => (
                <option key={s.text} value={s.text}>
                  {formatPrice(s.text, s.text, locale)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <OrderBookView
          feed={feed}
          active={tab === 'book'}
          rows={rows}
          step={chosen ? { units: chosen.units, places: displayDecimals(chosen.text) } : null}
          pricePlaces={displayDecimals(priceStep)}
          sizePlaces={quantityPlaces}
          locale={locale}
          labels={{
            price: l.price,
            size: l.amount,
            total: l.total,
            asks: l.asks,
            bids: l.bids,
            spread: l.spread,
            folded: l.folded,
          }}
        />
      </div>
      <div role="tabpanel" id="book-panel-trades" aria-labelledby="book-tab-trades" hidden={tab !== 'trades'} className="book-body">
        <TradesView
          feed={feed}
          active={tab === 'trades'}
          priceStep={priceStep}
          sizePlaces={quantityPlaces}
          locale={locale}
          labels={{
            price: l.price,
            size: l.amount,
            time: l.time,
            buy: l.buy,
            sell: l.sell,
            none: l.noTrades,
          }}
        />
      </div>
    </section>
  )
}

interface BookViewLabels {
  price: string
  size: string
  total: string
  asks: string
  bids: string
  spread: string
  folded: string
}

function OrderBookView(props: {
  feed: BookFeed
  active: boolean
  rows: number
  step: { units: bigint; places: number } | null
  pricePlaces: number
  sizePlaces: number
  locale: string
  labels: BookViewLabels
}) {
  const { feed, active, rows, step, pricePlaces, sizePlaces, locale, labels } = props
  const asks = useRef<HTMLTableSectionElement>(null)
  const bids = useRef<HTMLTableSectionElement>(null)
  const spread = useRef<HTMLSpanElement>(null)
  const spreadPct = useRef<HTMLSpanElement>(null)
  const folded = useRef<HTMLParagraphElement>(null)
  const stepUnits = step?.units
  const stepPlaces = step?.places ?? 0

  useEffect(() => {
    if (!active || stepUnits === undefined) return
    const formats = figureFormatsOf(locale)
    // What each cell and bar shows now, kept here: a frame compares with these, never reads the DOM back.
    const write = cellWriter()
    const bars = new WeakMap<Element, string>()
    const writeSide = (body: HTMLTableSectionElement | null, list: readonly BookRowText[], reversed: boolean) => {
      if (!body) return
      const trs = body.rows
      for (let i = 0; i < trs.length; i++) {
        const row = list[reversed ? trs.length - 1 - i : i]
        const tr = trs[i] as HTMLTableRowElement
        write(tr.cells[0], row?.price ?? '')
        write(tr.cells[1], row?.size ?? '')
        write(tr.cells[2], row?.total ?? '')
        // The bar's width on the row itself (not a custom property its cells would inherit and restyle for),
        // in whole percents (4 px at most): a bar restyles when it visibly moves.
        const depth = row ? `${Math.round(row.depth * 100)}% 100%` : '0% 100%'
        if (bars.get(tr) !== depth) {
          bars.set(tr, depth)
          tr.style.backgroundSize = depth
        }
      }
    }
    const texts = createUnitsText(formats)
    let drawn: unknown = null
    const draw = () => {
      const book = feed.keeper.getSnapshot().book
      // Many pushes, one frame: the book as it is now, and nothing when it has not moved since the last frame.
      if (!book || book === drawn) return
      drawn = book
      const view = bookRowsText(book, { step: { units: stepUnits, places: stepPlaces }, rows, pricePlaces, sizePlaces, formats, texts })
      writeSide(asks.current, view.asks, true)
      writeSide(bids.current, view.bids, false)
      write(spread.current, view.spread ?? '')
      write(spreadPct.current, view.spreadPercent ?? '')
      if (folded.current && folded.current.hidden !== !view.folded) folded.current.hidden = !view.folded
    }
    // Drawn at once for what is there (a regroup shows in the tap's own frame), then once per frame at most.
    draw()
    const gate: FrameGate = createFrameGate(frames(), draw, pace)
    const stop = feed.keeper.subscribe(() => gate.ask())
    return () => {
      stop()
      gate.cancel()
    }
  }, [active, feed, rows, stepUnits, stepPlaces, pricePlaces, sizePlaces, locale])

  const blank = Array.from({ length: rows }, (_, i) => i)
  const side = (ref: typeof asks, name: 'ask' | 'bid') => (
    <tbody ref={ref}>
      {blank.map((i) => (
        <tr key={i} className={name}>
          <td className="num price" />
          <td className="num" />
          <td className="num" />
        </tr>
      ))}
    </tbody>
  )
  // One header for both sides: shown above the asks, read by screen readers only above the bids.
  const head = (className?: string) => (
    <thead className={className}>
      <tr>
        <th scope="col">{labels.price}</th>
        <th scope="col">{labels.size}</th>
        <th scope="col">{labels.total}</th>
      </tr>
    </thead>
  )
  return (
    <div className="order-book" data-testid="order-book" data-rows={rows}>
      <table className="book-side asks" aria-label={labels.asks} data-testid="book-asks">
        {head()}
        {side(asks, 'ask')}
      </table>
      <p className="book-spread" data-testid="book-spread">
        <span className="label">{labels.spread}</span> <span ref={spread} className="num" /> <span ref={spreadPct} className="num pct" />
      </p>
      <table className="book-side bids" aria-label={labels.bids} data-testid="book-bids">
        {head('visually-hidden')}
        {side(bids, 'bid')}
      </table>
      <p ref={folded} className="book-folded" hidden data-testid="book-folded">
        {labels.folded}
      </p>
    </div>
  )
}

function TradesView(props: {
  feed: BookFeed
  active: boolean
  priceStep: string
  sizePlaces: number
  locale: string
  labels: { price: string; size: string; time: string; buy: string; sell: string; none: string }
}) {
  const { feed, active, priceStep, sizePlaces, locale, labels } = props
  const body = useRef<HTMLTableSectionElement>(null)
  const none = useRef<HTMLParagraphElement>(null)
  const sides = useRef({ Buy: labels.buy, Sell: labels.sell })
  useEffect(() => {
    sides.current = { Buy: labels.buy, Sell: labels.sell }
  }, [labels.buy, labels.sell])

  useEffect(() => {
    if (!active) return
    // The visitor's clock, in the page's language with its digits (docs/decisions/pages.md "The order book and trades on the pair page").
    const clock = new Intl.DateTimeFormat(figureFormatsOf(locale).locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    const texts = new WeakMap<Trade, [string, string, string]>()
    const textOf = (trade: Trade) => {
      let text = texts.get(trade)
      if (!text)
        texts.set(trade, (text = [formatPrice(trade.price, priceStep, locale), formatAmount(trade.size, locale, sizePlaces), clock.format(trade.time)]))
      return text
    }
    const put = cellWriter()
    let drawn: readonly Trade[] | null = null
    const draw = () => {
      const trades = feed.tape.trades()
      const trs = body.current?.rows
      if (!trs || trades === drawn) return
      drawn = trades
      for (let i = 0; i < trs.length; i++) {
        const tr = trs[i] as HTMLTableRowElement
        const trade = trades[i]
        const side = trade ? (trade.side === 'Buy' ? 'buy' : 'sell') : ''
        if (tr.dataset.side !== side) tr.dataset.side = side
        const [price, size, time] = trade ? textOf(trade) : ['', '', '']
        const cell = tr.cells[0]
        put(cell?.firstElementChild, trade ? sides.current[trade.side] : '')
        put(cell?.lastElementChild, price)
        put(tr.cells[1], size)
        put(tr.cells[2], time)
      }
      if (none.current && none.current.hidden !== trades.length > 0) none.current.hidden = trades.length > 0
    }
    draw()
    const gate = createFrameGate(frames(), draw, pace)
    const stop = feed.onTrades(() => gate.ask())
    return () => {
      stop()
      gate.cancel()
    }
  }, [active, feed, priceStep, sizePlaces, locale])

  return (
    <div className="trade-tape" data-testid="trade-tape">
      <table className="book-side trades">
        <thead>
          <tr>
            <th scope="col">{labels.price}</th>
            <th scope="col">{labels.size}</th>
            <th scope="col">{labels.time}</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {Array.from({ length: TAPE_LENGTH }, (_, i) => (
            <tr key={i}>
              <td className="num price">
                <span className="visually-hidden" />
                <span />
              </td>
              <td className="num" />
              <td className="num" />
            </tr>
          ))}
        </tbody>
      </table>
      <p ref={none} className="book-folded">
        {labels.none}
      </p>
    </div>
  )
}
