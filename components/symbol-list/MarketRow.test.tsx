/**
 * @jest-environment ./jest.jsdom-env.mjs
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import * as figures from '@/lib/market-data/figures'
import type { MarketTicker } from '@/lib/market-data/tickers'
import { MarketRow, type MarketRowProps } from './MarketRow'
import { BTC_ROW, rowTextFor } from './market-row.fixtures'

// The real format module, counted: the row formats its volume through it.
jest.mock('../format', () => {
  const actual = jest.requireActual<typeof import('../format')>('../format')
  return { ...actual, formatVolume: jest.fn(actual.formatVolume) }
})
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the mocked module, to read its counter
const { formatVolume } = require('../format') as { formatVolume: jest.Mock }

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const row = BTC_ROW
const addFavourite = jest.fn((p: string) => `Add ${p}`)
const onToggleFavourite = () => {}
const text = rowTextFor(addFavourite)
const tick = (lastPrice: string): MarketTicker =>
  ({
    symbol: 'BTCUSDT',
    lastPrice,
    price24hPcnt: '0.0123',
    highPrice24h: '1',
    lowPrice24h: '1',
    volume24h: '10',
    turnover24h: '1234.5',
    prevPrice24h: '1',
    at: 1_700_000_000_000,
  }) as MarketTicker

let root: Root
let host: HTMLElement
beforeEach(() => {
  host = document.createElement('tbody')
  document.createElement('table').append(host)
  root = createRoot(host)
})
afterEach(() => act(() => root.unmount()))

function draw(ticker: MarketTicker): void {
  const props: MarketRowProps = { row, initial: undefined, ticker, format: figures, starred: false, lang: 'en', locale: 'en-US', text, onToggleFavourite }
  act(() => root.render(<MarketRow {...props} />))
}

describe('a markets row on a pushed price', () => {
  it('shows the new price and leaves its volume as formatted', () => {
    draw(tick('65000.12'))
    expect(host.querySelector('[data-testid="row-price"]')?.textContent).toBe('65,000.12')
    const volume = host.querySelector('td.col-wide')?.textContent
    expect(volume).toBeTruthy()
    const formatted = formatVolume.mock.calls.length
    expect(formatted).toBeGreaterThan(0)

    draw(tick('65010.5'))
    expect(host.querySelector('[data-testid="row-price"]')?.textContent).toBe('65,010.50')
    // The push changed the price, not the volume: it is not formatted again.
    expect(formatVolume.mock.calls.length).toBe(formatted)
    expect(host.querySelector('td.col-wide')?.textContent).toBe(volume)
  })

  it('renders the price cells again, not the head (star, link, name)', () => {
    draw(tick('65000.12'))
    const headRenders = addFavourite.mock.calls.length
    expect(headRenders).toBeGreaterThan(0)
    const link = host.querySelector('a.pair-link')

    draw(tick('65010.5'))
    expect(host.querySelector('[data-testid="row-price"]')?.textContent).toBe('65,010.50')
    expect(addFavourite.mock.calls.length).toBe(headRenders)
    expect(host.querySelector('a.pair-link')).toBe(link)
    expect(host.querySelector('button.star')?.getAttribute('aria-label')).toBe('Add BTC/USDT')
  })
})
