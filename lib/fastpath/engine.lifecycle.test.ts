import { FAST_PATH_CACHE_TTL_MS } from './constants'
import { setupFastPath as setup, API, FP2, V3 } from './testing/engine'

describe('fast path visibility, expiry and quality reports', () => {
  it('fires no timer while hidden; on visible it probes at once and restarts at 10 s', async () => {
    const { fastPath, scheduler, visibility, roundStarts } = setup()
    fastPath.start()
    await scheduler.advance(45_000)
    const before = roundStarts.length
    visibility.setHidden(true)
    await scheduler.runUntilQuiet()
    expect(scheduler.pendingCount()).toBe(0)
    await scheduler.advance(600_000)
    expect(roundStarts).toHaveLength(before)
    const shownAt = scheduler.now()
    visibility.setHidden(false)
    await scheduler.advance(25_000)
    expect(roundStarts.slice(before).map((t) => t - shownAt)).toEqual([0, 10_000])
    fastPath.stop()
  })

  it('does not use a route whose probe result is older than 24 h', async () => {
    const { fastPath, scheduler, visibility, snap } = setup()
    fastPath.start()
    await scheduler.advance(500)
    visibility.setHidden(true)
    await scheduler.advance(FAST_PATH_CACHE_TTL_MS - 1000)
    expect(fastPath.rewriteUrl(V3)).not.toBe(V3)
    await scheduler.advance(2000)
    expect(fastPath.rewriteUrl(V3)).toBe(V3)
    expect(snap().route).toBeNull()
    expect(snap().state).toBe('global')
    fastPath.stop()
  })

  it('reports quality every 10 s three times, then every 30 s, with the rewrites counted', async () => {
    const { fastPath, scheduler, reports } = setup()
    const t0 = scheduler.now()
    fastPath.start()
    await scheduler.advance(500)
    fastPath.rewriteUrl(V3)
    fastPath.rewriteUrl(V3)
    fastPath.rewriteUrl(`${API}/t1`)
    await scheduler.advance(120_000)
    expect(reports.map((r) => r.at - t0)).toEqual([10_000, 20_000, 30_000, 60_000, 90_000, 120_000])
    expect(reports[0]).toMatchObject({ state: 'global', route: FP2, routeLatencyMs: 40, rewrites: 2 })
    expect(reports[0]?.probes).toHaveLength(4)
    expect(reports[1]?.rewrites).toBe(0)
    fastPath.stop()
  })

  it.each([
    [0, 0],
    [1, 5], // at 10, 20, 30, 60 and 90 s after getproxy allowed it (5 ms in)
  ])('getproxy monitor_switch %i: %i quality reports in 2 minutes', async (monitorSwitch, count) => {
    // The 1 case shows the whitelist mode does report, so the 0 case's silence is the switch's doing.
    const body = { err_code: 0, result: { res_code: 1, monitor_switch: monitorSwitch } }
    const { fastPath, scheduler, reports, snap } = setup({ mode: 'whitelist' }, { [API]: { latencyMs: 5, body } })
    fastPath.start()
    await scheduler.advance(120_000)
    expect(snap().state).toBe('whitelist')
    expect(reports).toHaveLength(count)
    fastPath.stop()
  })

  it.each(['error', 'silent'] as const)('records a websocket that %s as a failed probe, and closes it', async (fault) => {
    const { fastPath, scheduler, snap, sockets } = setup({}, {}, {}, { latencyMs: 5, fault })
    fastPath.start()
    await scheduler.advance(100)
    expect(snap().route?.host).toBe(FP2) // the socket is measured, not waited for nor a rewrite target
    await scheduler.advance(fault === 'silent' ? 15_000 : 0)
    expect(snap().probes.find((p) => p.kind === 'ws')).toMatchObject({ ok: false, latencyMs: null })
    expect(sockets.closed).toBe(1)
    fastPath.stop()
  })
})
