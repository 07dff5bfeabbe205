import { BOOK_INCIDENT_EVENT } from '../market-data/order-book'
import { metricLabel } from './event-names'

describe('metricLabel', () => {
  it('keeps known incident codes and event names', () => {
    expect(metricLabel({ type: 'incident', code: 11511509 })).toBe('11511509')
    expect(metricLabel({ type: 'event', name: 'route_switch' })).toBe('route_switch')
    expect(metricLabel({ type: 'event', name: BOOK_INCIDENT_EVENT })).toBe('order_book_resync')
  })
  it('folds anything else into "other" (bounded label cardinality)', () => {
    expect(metricLabel({ type: 'incident', code: 42 })).toBe('other')
    expect(metricLabel({ type: 'event', name: 'x'.repeat(60) })).toBe('other')
  })
})
