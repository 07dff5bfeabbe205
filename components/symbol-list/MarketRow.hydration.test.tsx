/**
 * @jest-environment ./jest.jsdom-env.mjs
 */
// A file of its own: the first hydration of the page (useHydrated's module flag still unset), as in a browser.
import { act, Profiler } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
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
const text = rowTextFor()

describe('a markets row on hydration', () => {
  it('formats its volume while hydrating, to the server’s text, and not again after', async () => {
    const props: MarketRowProps = {
      row,
      initial: undefined,
      ticker: undefined,
      format: null,
      starred: false,
      lang: 'en',
      locale: 'en-US',
      text,
      onToggleFavourite: () => {},
    }
    const body = document.createElement('tbody')
    document.createElement('table').append(body)
    body.innerHTML = renderToString(<MarketRow {...props} />)
    const served = body.innerHTML
    // The volume cell (after price, change and turnover) carries the server's text.
    expect(body.querySelectorAll('td.num')[3]?.textContent).toBe('3.14B')
    formatVolume.mockClear()
    // Each commit, with the volume formats made by then.
    const commits: { phase: string; formatted: number }[] = []
    const problems: unknown[] = []
    let hydrated!: Root
    // Whatever the hydration leaves on a timer runs before the counts are read, not a pause later.
    jest.useFakeTimers()
    await act(async () => {
      hydrated = hydrateRoot(
        body,
        <Profiler id="row" onRender={(_id, phase) => commits.push({ phase, formatted: formatVolume.mock.calls.length })}>
          <MarketRow {...props} />
        </Profiler>,
        { onRecoverableError: (error) => problems.push(error) },
      )
    })
    await act(async () => {
      await jest.runAllTimersAsync()
    })
    jest.useRealTimers()
    expect(problems).toEqual([])
    expect(body.innerHTML).toBe(served)
    // Formatted in the hydration's own render (no hydration flip of the cell), and never again.
    expect(commits[0]).toEqual({ phase: 'mount', formatted: 1 })
    expect(formatVolume).toHaveBeenCalledTimes(1)
    act(() => hydrated.unmount())
  })
})
