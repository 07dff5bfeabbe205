import { setupFastPath as setup, API, FP1, FP2, CDN, WS, V3 } from './testing/engine'

describe('fast path, global mode', () => {
  it('probes CDN, websocket and each fast-path host, and routes API requests to the fastest host', async () => {
    const { fastPath, scheduler, snap, network, sockets } = setup()
    expect(fastPath.rewriteUrl(V3)).toBe(V3) // nothing chosen before the first round
    fastPath.start()
    expect(snap().state).toBe('global')
    await scheduler.advance(200)
    expect(snap().route).toMatchObject({ host: FP2, latencyMs: 40 })
    expect(snap().probes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'cdn', target: CDN, ok: true, latencyMs: 30 }),
        expect.objectContaining({ kind: 'ws', target: WS, ok: true, latencyMs: 15 }),
        expect.objectContaining({ kind: 'fastPath', target: FP1, ok: true, latencyMs: 80 }),
      ]),
    )
    expect(network.calls).toEqual(expect.arrayContaining([`${FP1}/hats/t1`, `${FP2}/hats/t1`, CDN]))
    expect(sockets.opened).toEqual([WS])
    expect(sockets.closed).toBe(1)
    expect(fastPath.rewriteUrl(V3)).toBe(`${FP2}/spot/api/basic/symbol_list_v3?version=1`)
    expect(fastPath.rewriteUrl(`${API}/t1`)).toBe(`${API}/t1`)
    expect(fastPath.rewriteUrl('https://elsewhere.example/spot/api/x')).toBe('https://elsewhere.example/spot/api/x')
    fastPath.stop()
    expect(fastPath.rewriteUrl(V3)).toBe(V3)
  })

  it('grows the probe interval 10 → 20 → 30 → 30 s', async () => {
    const { fastPath, scheduler, roundStarts } = setup()
    const t0 = scheduler.now()
    fastPath.start()
    await scheduler.advance(125_000)
    expect(roundStarts.map((t) => t - t0)).toEqual([0, 10_000, 30_000, 60_000, 90_000, 120_000])
    fastPath.stop()
  })

  it('never picks a host at or over the 3000 ms slowness threshold', async () => {
    const { fastPath, scheduler, snap } = setup({}, { [FP1]: { latencyMs: 3000 }, [FP2]: { latencyMs: 5000 } })
    fastPath.start()
    await scheduler.advance(6000)
    // Both hosts were probed and answered, at or over the threshold: no route is down to slowness.
    const probes = snap().probes.filter((p) => p.kind === 'fastPath')
    expect(probes.map((p) => [p.target, p.ok, (p.latencyMs ?? 0) >= 3000])).toEqual([
      [FP1, true, true],
      [FP2, true, true],
    ])
    expect(snap().route).toBeNull()
    expect(fastPath.rewriteUrl(V3)).toBe(V3)
    fastPath.stop()
  })

  it('moves to the other host when the route fails, and the interval starts over at 10 s', async () => {
    const { fastPath, scheduler, snap, network, roundStarts } = setup()
    fastPath.start()
    await scheduler.advance(30_500) // rounds at 0, 10 s, 30 s
    expect(snap().route?.host).toBe(FP2)
    network.set(FP2, { latencyMs: 0, fault: 'refuse' })
    await scheduler.advance(30_000) // round at 60 s
    expect(snap().route?.host).toBe(FP1)
    await scheduler.advance(40_000)
    const t = roundStarts.map((x) => x - roundStarts[0]!)
    expect(t.slice(3)).toEqual([60_000, 90_000, 100_000]) // 90 s was already scheduled; then 10 s again
    fastPath.stop()
  })

  it('does nothing in mode off, or with no valid candidate', async () => {
    for (const config of [{ mode: 'off' as const }, { candidates: ['ftp://x.example', 'https://y.example/path'] }]) {
      const { fastPath, scheduler, snap, network } = setup(config)
      fastPath.start()
      await scheduler.advance(60_000)
      expect(snap()).toMatchObject({ state: 'off', offReason: 'config', route: null })
      expect(network.calls).toEqual([])
      expect(fastPath.rewriteUrl(V3)).toBe(V3)
    }
  })
})

describe('fast path failure handling', () => {
  it('rewriteUrl never throws: an internal failure returns the original URL and turns the fast path off', async () => {
    let broken = false
    const { fastPath, scheduler, snap, monitor } = setup({
      apiHost: () => {
        if (broken) throw new Error('api host getter broke')
        return API
      },
    })
    fastPath.start()
    await scheduler.advance(500)
    expect(fastPath.rewriteUrl(V3)).not.toBe(V3)
    broken = true
    expect(() => fastPath.rewriteUrl(V3)).not.toThrow()
    expect(fastPath.rewriteUrl(V3)).toBe(V3)
    expect(snap()).toMatchObject({ state: 'off', offReason: 'internal-error', route: null })
    expect(monitor.entries).toContainEqual(expect.objectContaining({ name: 'fast_path_internal_error', detail: expect.objectContaining({ where: 'rewrite' }) }))
    broken = false
    expect(fastPath.rewriteUrl(V3)).toBe(V3) // stays off for the page's life
    await scheduler.runUntilQuiet()
    expect(scheduler.pendingCount()).toBe(0)
    fastPath.start()
    await scheduler.advance(60_000)
    expect(snap().state).toBe('off')
  })

  it('a failure deep inside (the URL parser itself) is caught the same way', async () => {
    const { fastPath, scheduler, snap } = setup()
    fastPath.start()
    await scheduler.advance(500)
    const spy = jest.spyOn(globalThis, 'URL').mockImplementation(() => {
      throw new Error('URL is broken')
    })
    try {
      expect(fastPath.rewriteUrl(V3)).toBe(V3)
    } finally {
      spy.mockRestore()
    }
    expect(snap()).toMatchObject({ state: 'off', offReason: 'internal-error' })
  })

  it('an internal error in a probe round turns it off too', async () => {
    let draws = 0
    const { fastPath, scheduler, snap } = setup(
      {},
      {},
      {
        random: () => {
          if (++draws > 2) throw new Error('random broke')
          return 0.5
        },
      },
    )
    fastPath.start()
    await scheduler.advance(60_000)
    expect(snap()).toMatchObject({ state: 'off', offReason: 'internal-error' })
  })
})
