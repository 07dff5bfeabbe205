import { createFakeScheduler } from '../testing/engine-fakes'
import { createRecordingMonitor } from '../testing/recording-monitor'
import { createLiveState, GAP_EVENT, MAX_GAPS } from './live-state'

function setup() {
  const scheduler = createFakeScheduler(1_000_000)
  const monitor = createRecordingMonitor()
  const live = createLiveState({ now: scheduler.now, monitor })
  return { scheduler, monitor, live }
}

describe('the live state of the page’s prices', () => {
  it('waits, turns live on the first fresh figure, and keeps one snapshot while figures keep coming', () => {
    const { live } = setup()
    expect(live.getSnapshot()).toEqual({ state: 'waiting', gaps: [] })
    live.fresh()
    const snapshot = live.getSnapshot()
    expect(snapshot.state).toBe('live')
    live.fresh()
    expect(live.getSnapshot()).toBe(snapshot)
  })

  it('one gap per stale period, with its first cause, recorded once when fresh figures return', async () => {
    const { scheduler, monitor, live } = setup()
    live.fresh()
    await scheduler.advance(1000)
    live.lost('offline')
    await scheduler.advance(4000)
    // The socket falls silent and polls fail meanwhile: the same gap.
    live.lost('silent')
    live.lost('failed')
    expect(live.getSnapshot()).toEqual({ state: 'stale', gaps: [{ cause: 'offline', from: 1_001_000, to: null }] })
    expect(monitor.entries).toEqual([])
    await scheduler.advance(15_000)
    live.fresh()
    live.fresh()
    expect(live.getSnapshot()).toEqual({ state: 'live', gaps: [{ cause: 'offline', from: 1_001_000, to: 1_020_000 }] })
    expect(monitor.entries).toEqual([{ type: 'event', name: GAP_EVENT, detail: { cause: 'offline', durationMs: 19_000 } }])
  })

  it('a page offline from the start is stale before any figure; the list keeps the newest gaps', () => {
    const { live } = setup()
    live.lost('offline')
    expect(live.getSnapshot().state).toBe('stale')
    for (let i = 0; i < MAX_GAPS + 2; i++) {
      live.fresh()
      live.lost(i % 2 ? 'silent' : 'failed')
    }
    expect(live.getSnapshot().gaps).toHaveLength(MAX_GAPS)
    expect(live.getSnapshot().gaps.at(-1)).toMatchObject({ cause: 'failed', to: null })
  })

  it('a pause (the tab hidden) turns live into waiting, and leaves a gap open', () => {
    const { live } = setup()
    live.fresh()
    live.pause()
    expect(live.getSnapshot().state).toBe('waiting')
    live.lost('silent')
    live.pause()
    expect(live.getSnapshot().state).toBe('stale')
  })
})
