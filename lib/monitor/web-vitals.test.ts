import { createRecordingMonitor } from '../testing/recording-monitor'
import { createWebVitalReporter, isSampled, pageTypeOf } from './web-vitals'

describe('pageTypeOf', () => {
  it.each([
    ['/en', 'markets'],
    ['/tr-TUR/', 'markets'],
    ['/en-TR/trade/spot/BTC/USDT', 'pair'],
    ['/', 'other'],
    ['/en/trade/spot/BTC', 'other'],
    ['/en/futures/x/BTC/USDT', 'other'],
    ['/en/no/such/page', 'other'],
  ])('%s is %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type)
  })
})

describe('isSampled', () => {
  it('reports every view at 1, none at 0 or without a rate, and a fraction in between', () => {
    expect(isSampled(1, () => 0.999)).toBe(true)
    expect(isSampled(0, () => 0)).toBe(false)
    expect(isSampled(undefined, () => 0)).toBe(false)
    expect(isSampled(Number.NaN, () => 0)).toBe(false)
    expect(isSampled(0.25, () => 0.2)).toBe(true)
    expect(isSampled(0.25, () => 0.25)).toBe(false)
  })
})

describe('createWebVitalReporter', () => {
  it('logs one web_vital event per metric id, rounded, with the page type', () => {
    const monitor = createRecordingMonitor()
    const report = createWebVitalReporter(monitor, 'pair')
    report({ name: 'LCP', value: 1234.56, id: 'v5-1' })
    report({ name: 'CLS', value: 0.123456, id: 'v5-2' })
    report({ name: 'CLS', value: 0.2, id: 'v5-2' }) // grew before a later page hide: not counted twice
    report({ name: 'FCP', value: 900, id: 'v5-3' }) // not one of ours
    report({ name: 'INP', value: Number.NaN, id: 'v5-4' })
    report({ name: 'CLS', value: 0.01, id: 'v5-5' }) // a back/forward-cache restore: a new view
    expect(monitor.entries).toEqual([
      { type: 'event', name: 'web_vital', detail: { metric: 'LCP', value: 1235, page_type: 'pair' } },
      { type: 'event', name: 'web_vital', detail: { metric: 'CLS', value: 0.1235, page_type: 'pair' } },
      { type: 'event', name: 'web_vital', detail: { metric: 'CLS', value: 0.01, page_type: 'pair' } },
    ])
  })
})
