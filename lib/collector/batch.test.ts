import fc from 'fast-check'
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, monitorBatchSchema } from './batch'
import { toBatchEvent } from '../monitor/sanitize'

const ok = { type: 'event', name: 'route_switch', detail: { from: 'main', to: 'alt1', lead: 31.2, urgent: false, note: null }, at: 1700000000000 }

describe('monitorBatchSchema (shared by the browser and the collector)', () => {
  it('accepts a well-formed batch', () => {
    const batch = {
      events: [ok, { type: 'incident', code: 11511509, at: 1 }],
      marketing: { utm_source: 'x', ga_medium: 'y' },
      page: '/tr-TUR/trade/BTCUSDT',
      dropped: 3,
    }
    expect(monitorBatchSchema.parse(batch)).toEqual(batch)
    expect(MAX_BATCH_BYTES).toBe(32768)
  })

  it.each([
    ['no events', { events: [] }],
    ['too many events', { events: Array(MAX_BATCH_EVENTS + 1).fill(ok) }],
    ['a long name', { events: [{ ...ok, name: 'n'.repeat(65) }] }],
    ['an incident without a code', { events: [{ type: 'incident', at: 1 }] }],
    ['an event without a name', { events: [{ type: 'event', at: 1 }] }],
    ['an unknown type', { events: [{ ...ok, type: 'metric' }] }],
    ['too many detail keys', { events: [{ ...ok, detail: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }] }],
    ['a long detail string', { events: [{ ...ok, detail: { a: 'x'.repeat(257) } }] }],
    ['a nested detail value', { events: [{ ...ok, detail: { a: { b: 1 } } }] }],
    ['an unknown event key', { events: [{ ...ok, extra: 1 }] }],
    ['an unknown batch key', { events: [ok], user: 'u1' }],
    ['an unknown marketing key', { events: [ok], marketing: { fbclid: 'x' } }],
    ['a long marketing value', { events: [ok], marketing: { utm_source: 'x'.repeat(129) } }],
    ['a negative drop count', { events: [ok], dropped: -1 }],
    ['a fractional time', { events: [{ ...ok, at: 1.5 }] }],
  ])('rejects %s', (_, batch) => {
    expect(monitorBatchSchema.safeParse(batch).success).toBe(false)
  })

  it('property: whatever an engine logs, the sanitised event fits the schema', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ type: fc.constant('incident' as const), code: fc.integer() }),
          fc.record({ type: fc.constant('event' as const), name: fc.string({ maxLength: 200 }) }),
        ),
        fc.option(fc.dictionary(fc.string({ maxLength: 100 }), fc.anything({ maxDepth: 2 }), { maxKeys: 40 }), { nil: undefined }),
        fc.double(),
        (entry, detail, at) => {
          const event = toBatchEvent(entry, detail, at)
          expect(monitorBatchSchema.safeParse({ events: [event] }).success).toBe(true)
        },
      ),
    )
  })

  it('flattens errors, cycles and big values instead of dropping them', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const event = toBatchEvent({ type: 'event', name: 'x' }, { error: new TypeError('bad'), cyclic, big: 'y'.repeat(1000), n: Number.NaN, skip: undefined }, 5)
    expect(event.detail).toEqual({ error: 'TypeError: bad', cyclic: '[object Object]', big: `${'y'.repeat(255)}…`, n: null })
  })
})
