import { createMonitorAggregate } from './log-aggregate'

describe('collector log aggregate', () => {
  it('summarises an interval in one line of counts per label, however many batches came', () => {
    let now = Date.UTC(2026, 0, 1)
    const aggregate = createMonitorAggregate(() => now)
    for (let i = 0; i < 400; i++)
      aggregate.accepted(
        Array.from({ length: 50 }, (_, j) => (j % 2 ? 'incident:11511509' : 'event:other')),
        1,
      )
    aggregate.refused('rate_limited')
    aggregate.refused('rate_limited')
    now += 10_000
    const summary = aggregate.drain()
    expect(summary).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-01T00:00:10.000Z',
      batches: 400,
      events: 20_000,
      byLabel: { 'event:other': 10_000, 'incident:11511509': 10_000 },
      clientDropped: 400,
      refused: { rate_limited: 2 },
    })
    expect(JSON.stringify(summary).length).toBeLessThan(400)
    expect(aggregate.drain()).toBeNull() // a quiet interval writes nothing
  })
})
