import { toBatchEvent } from '../monitor/sanitize'
import { readWebVital } from './web-vitals'

const vital = (detail: Record<string, unknown>) => toBatchEvent({ type: 'event', name: 'web_vital' }, detail, 1)

describe('readWebVital', () => {
  it('reads a known metric in bounds on a known page type', () => {
    expect(readWebVital(vital({ metric: 'LCP', value: 2412, page_type: 'pair' }))).toEqual({ metric: 'LCP', value: 2412, pageType: 'pair' })
    expect(readWebVital(vital({ metric: 'CLS', value: 0, page_type: 'markets' }))).toEqual({ metric: 'CLS', value: 0, pageType: 'markets' })
    expect(readWebVital(vital({ metric: 'TTFB', value: 60_000, page_type: 'other' }))).toEqual({ metric: 'TTFB', value: 60_000, pageType: 'other' })
  })

  it.each([
    ['an unknown metric', { metric: 'FID', value: 10, page_type: 'pair' }],
    ['an unknown page type', { metric: 'INP', value: 10, page_type: 'account' }],
    ['a negative value', { metric: 'INP', value: -1, page_type: 'pair' }],
    ['a time over 60 s', { metric: 'LCP', value: 60_001, page_type: 'pair' }],
    ['a CLS over 10', { metric: 'CLS', value: 10.5, page_type: 'pair' }],
    ['a string value', { metric: 'TTFB', value: '100', page_type: 'pair' }],
    ['an extra key (a region the body claims)', { metric: 'TTFB', value: 100, page_type: 'pair', region: 'hk' }],
    ['no detail', {}],
  ])('refuses %s', (_, detail) => {
    expect(readWebVital(vital(detail))).toBe('invalid')
  })

  it('leaves every other event alone', () => {
    expect(readWebVital(toBatchEvent({ type: 'event', name: 'route_switch' }, { metric: 'LCP', value: 1, page_type: 'pair' }, 1))).toBeNull()
    expect(readWebVital(toBatchEvent({ type: 'incident', code: 11511509 }, undefined, 1))).toBeNull()
  })
})
