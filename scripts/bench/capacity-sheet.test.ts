import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  capacityPlan,
  distinctPagesViewed,
  EDGE_PEAK,
  edgePlan,
  originLoad,
  redisOutgrownAt,
  refreshesPerSecond,
  zipfRates,
  type EdgeMeasured,
  hitsFromRedisShare,
  cpuMsPerRequest,
  lessIdle,
  lessOverhead,
  linkCountsOf,
  listLooksPerMinute,
  parseProcStat,
  parseRedisInfo,
  parseSchedstat,
  perMinute,
  redisCountersOf,
  redisDelta,
  redisPerView,
  sentByClients,
  splitSharedTraffic,
  copyStepsDelta,
  copyStepsOf,
  copyLoad,
  STATED_PEAK,
  upstreamCeiling,
  upstreamEndpointOf,
  type Measured,
  type RedisPerView,
} from './capacity-sheet'

describe('reading /proc/<pid>/stat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and ")" is no trouble', () => {
    const line = '4242 (next-server (v16) x) S 1 4240 4240 0 -1 4194560 9 0 0 0 1234 56 0 0 20 0 11 0 123 0 0'
    expect(parseProcStat(line)).toEqual({ pid: 4242, pgrp: 4240, ticks: 1290 })
  })

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('hello')).toThrow(/not a \/proc/)
  })

  it("reads a thread's ns on a CPU from schedstat", () => {
    expect(parseSchedstat('818695201 1351288178 664\n')).toBe(818_695_201)
    expect(() => parseSchedstat('')).toThrow(/schedstat/)
  })
})

const INFO = [
  '# Stats',
  'total_connections_received:4',
  'total_net_input_bytes:1000',
  'total_net_output_bytes:50000',
  '# CPU',
  'used_cpu_sys:1.500000',
  'used_cpu_user:2.250000',
  '',
  '# Commandstats',
  'cmdstat_hget:calls=10,usec=40,usec_per_call=4.00,rejected_calls=0,failed_calls=0',
  'cmdstat_get:calls=5,usec=10,usec_per_call=2.00,rejected_calls=0,failed_calls=0',
  'cmdstat_info:calls=2,usec=100,usec_per_call=50.00,rejected_calls=0,failed_calls=0',
].join('\r\n')

describe('Redis counters', () => {
  const before = redisCountersOf(parseRedisInfo(INFO))

  it('reads calls per command and the network bytes', () => {
    expect(before).toEqual({ commands: { hget: 10, get: 5, info: 2 }, bytesIn: 1000, bytesOut: 50000, cpuMs: 3750 })
  })

  it("takes a phase's delta, less the cost of reading the counters, per view", () => {
    const after = { commands: { hget: 30, get: 15, info: 4, eval: 3 }, bytesIn: 5000, bytesOut: 90000, cpuMs: 3760 }
    const overhead = { commands: { info: 2 }, bytesIn: 60, bytesOut: 8000, cpuMs: 0.5 }
    const delta = lessOverhead(redisDelta(after, before), overhead)
    expect(delta).toEqual({ commands: { hget: 20, get: 10, eval: 3 }, bytesIn: 3940, bytesOut: 32000, cpuMs: 9.5 })
    // Each EVAL ran an HGET of its own: 17 HGETs were sent.
    expect(redisPerView(delta, 10)).toEqual({ commands: 3, byCommand: { hget: 1.7, get: 1, eval: 0.3 }, writes: 0, bytesIn: 394, bytesOut: 3200, cpuMs: 0.95 })
  })

  it('never gives negative work when the overhead was larger than the phase', () => {
    const delta = lessOverhead(
      { commands: { info: 1 }, bytesIn: 10, bytesOut: 10, cpuMs: 0.1 },
      { commands: { info: 2 }, bytesIn: 60, bytesOut: 8000, cpuMs: 0.5 },
    )
    expect(delta).toEqual({ commands: {}, bytesIn: 0, bytesOut: 0, cpuMs: 0 })
  })

  it('counts a script as one command sent, and what it wrote as writes', () => {
    // Two page writes (HGET, HSET, PEXPIRE inside) and one write refused as not newer (HGET inside).
    expect(sentByClients({ eval: 3, hget: 5, hset: 2, pexpire: 2, get: 2 })).toEqual({ sent: { eval: 3, hget: 2, get: 2 }, writes: 2 })
  })

  it("tells the symbol lists' and tickers' looks, reads, leases and writes from the pages', by the steps the instances counted", () => {
    // Pages: 4 looks (HGET + GET each), 2 entries read (HGET), 3 written (EVAL: HGET, HSET, PEXPIRE).
    // Lists: 6 looks (HGET), 2 read (HMGET), 3 leases (SET), 2 writes of which 1 stored (EVAL: HGET, HSET).
    // Tickers: 5 looks, 1 read, 2 leases, 1 write stored (EVAL: HGET, HSET, PEXPIRE).
    const delta = {
      commands: { get: 4, hget: 4 + 2 + 3 + 6 + 2 + 5 + 1, hmget: 3, set: 5, eval: 6, hset: 3 + 1 + 1, pexpire: 3 + 1 },
      bytesIn: 1_000_000,
      bytesOut: 900_000,
      cpuMs: 12,
    }
    const { pages, copies } = splitSharedTraffic(delta, {
      lists: { steps: { time: 6, read: 2, lease: 3, write: 2, written: 1 }, bytes: 200_000, expires: false },
      tickers: { steps: { time: 5, read: 1, lease: 2, write: 1, written: 1 }, bytes: 100_000, expires: true },
    })
    expect(copies).toEqual({
      lists: { looks: 6, reads: 2, leases: 3, writes: 2, bytesIn: 400_000, bytesOut: 400_000 },
      tickers: { looks: 5, reads: 1, leases: 2, writes: 1, bytesIn: 100_000, bytesOut: 100_000 },
    })
    expect(pages).toEqual({ commands: { get: 4, hget: 9, eval: 3, hset: 3, pexpire: 3 }, bytesIn: 500_000, bytesOut: 400_000, cpuMs: 12 })
    // What the pages sent: 4 + 2 HGETs, 4 GETs, 3 scripts.
    expect(sentByClients(pages.commands)).toEqual({ sent: { get: 4, hget: 6, eval: 3 }, writes: 3 })
  })

  it("reads the shared copies' steps from each instance's /api/metrics, and sums a phase's over the instances", () => {
    const text = (lists: number, tickers: number) =>
      [
        '# TYPE spot_redis_shared_copy_commands gauge',
        `spot_redis_shared_copy_commands{copy="lists",step="time"} ${lists}`,
        'spot_redis_shared_copy_commands{copy="lists",step="read"} 2',
        `spot_redis_shared_copy_commands{copy="tickers",step="time"} ${tickers}`,
        'spot_redis_shared_copy_commands{copy="tickers",step="other"} 9',
      ].join('\n')
    expect(copyStepsOf(text(5, 7))).toEqual({
      lists: { time: 5, read: 2, lease: 0, write: 0, written: 0 },
      tickers: { time: 7, read: 0, lease: 0, write: 0, written: 0 },
    })
    expect(copyStepsOf('')).toEqual({})
    const delta = copyStepsDelta([copyStepsOf(text(15, 10)), copyStepsOf(text(8, 7))], [copyStepsOf(text(5, 7)), {}])
    expect(delta).toEqual({ lists: { time: 18, read: 2, lease: 0, write: 0, written: 0 }, tickers: { time: 10, read: 0, lease: 0, write: 0, written: 0 } })
  })

  it('fails without the stats section rather than reading 0 bytes', () => {
    expect(() => redisCountersOf(parseRedisInfo('cmdstat_get:calls=1'))).toThrow(/total_net_input_bytes/)
    expect(() => redisPerView(before, 0)).toThrow(/no page views/)
  })
})

describe("an instance's Redis link", () => {
  it('reads timeouts, skips, failures and breaker openings from /api/metrics', () => {
    const text = [
      '# HELP spot_redis_commands Redis commands since start by outcome',
      'spot_redis_commands{outcome="ok"} 120',
      'spot_redis_commands{outcome="timeout"} 4',
      'spot_redis_commands{outcome="skipped"} 17',
      'spot_redis_breaker_opened 2',
    ].join('\n')
    expect(linkCountsOf(text)).toEqual({ timeout: 4, skipped: 17, failed: 0, opened: 2 })
    expect(linkCountsOf('')).toEqual({ timeout: 0, skipped: 0, failed: 0, opened: 0 })
  })
})

describe('looks at the symbol lists', () => {
  it('happen once per window an instance renders a page of the slot, at most once per window', () => {
    expect(listLooksPerMinute(0, 48, 10)).toBe(0)
    // One render per slot per window on average: 1 − 1/e of the windows.
    expect(listLooksPerMinute(4.8, 48, 10)).toBeCloseTo(6 * (1 - Math.exp(-1)))
    expect(listLooksPerMinute(1e6, 48, 10)).toBeCloseTo(6)
    expect(() => listLooksPerMinute(1, 0, 10)).toThrow(/no slots/)
  })
})

describe('idle burn', () => {
  it("takes a process's idle CPU over the phase's wall time off its delta, never below 0", () => {
    const delta = { commands: {}, bytesIn: 0, bytesOut: 0, cpuMs: 30 }
    expect(lessIdle(delta, 2, 10_000).cpuMs).toBe(10)
    expect(lessIdle(delta, 5, 10_000).cpuMs).toBe(0)
  })
})

describe('CPU per request', () => {
  it('takes off the idle burn over the same wall time', () => {
    // 1500 ms over 10 s; idle 2 ms/s → 20 ms; 200 requests.
    expect(cpuMsPerRequest({ cpuMs: 1500, wallMs: 10_000, requests: 200 }, 2)).toBeCloseTo(7.4)
    expect(cpuMsPerRequest({ cpuMs: 0, wallMs: 10_000, requests: 10 }, 2)).toBe(0)
    expect(() => cpuMsPerRequest({ cpuMs: 1, wallMs: 1, requests: 0 }, 0)).toThrow(/no requests/)
  })
})

describe('upstream calls', () => {
  it('names the endpoints the server calls', () => {
    expect(upstreamEndpointOf('/spot/api/basic/symbol_list_v3?version=1')).toBe('symbol_list_v3')
    expect(upstreamEndpointOf('/spot/api/basic/symbol_list_all')).toBe('symbol_list_all')
    expect(upstreamEndpointOf('/v5/market/tickers?category=spot')).toBe('tickers')
    expect(upstreamEndpointOf('/t1')).toBe('other')
  })

  it('scales a window to a minute', () => {
    expect(perMinute({ tickers: 6 }, 30)).toEqual({ tickers: 12 })
    expect(() => perMinute({}, 0)).toThrow(/empty window/)
  })

  it("bounds a region's calls for the fleet, whatever its instances: lists per language and window, tickers per window", () => {
    expect(upstreamCeiling({ languages: 16, listWindowS: 10, callsPerRefresh: 2, tickersEveryS: 5 })).toEqual({ symbolLists: 192, tickers: 12 })
  })
})

const redis = (commands: number, bytesIn: number, bytesOut: number, cpuMs: number): RedisPerView => ({
  commands,
  byCommand: {},
  writes: 0,
  bytesIn,
  bytesOut,
  cpuMs,
})
const MEASURED: Measured = {
  cpuMs: { hit: 2, hitFromRedis: 5, stale: 40, miss: 50 },
  nginxCpuMs: 0.1,
  redis: {
    hit: redis(2, 100, 50, 0.02),
    hitFromRedis: redis(3, 150, 100_000, 0.1),
    stale: redis(6, 200_000, 100_000, 0.5),
    miss: redis(8, 200_000, 120_000, 0.5),
  },
  redisBytesPerPage: 100_000,
  redisBytesPerList: 300_000,
  redisBytesPerTickers: 150_000,
  lists: { timesPerLook: 1, readsPerLook: 1.5, leasesPerLook: 1, writesPerMinute: 6, bytes: 250_000, windowS: 10 },
  tickers: { timesPerLook: 1, readsPerLook: 0, leasesPerLook: 0, writesPerMinute: 0, bytes: 150_000, windowS: 5 },
  redisCpu: {
    headMs: 0.01,
    entryReadMs: 0.1,
    pageWriteMs: 0.3,
    copyTimeMs: 0.004,
    listReadMs: 0.2,
    listWriteMs: 0.5,
    tickersReadMs: 0.1,
    tickersWriteMs: 0.2,
  },
  upstream: { languages: 16, listWindowS: 10, healthy: { callsPerRefresh: 2, tickersEveryS: 5 }, outage: { callsPerRefresh: 3, tickersEveryS: 5 } },
}

describe('HITs read from Redis under round-robin balancing', () => {
  it('are nearly all of them when a page has a few views per period over many instances', () => {
    // 5 views per period (1 regeneration, 4 HITs) over 57 instances: local 1 − (56/57)^i, i = 1…4.
    expect(hitsFromRedisShare(5, 57)).toBeCloseTo(1 - (0.017544 + 0.034775 + 0.05171 + 0.068354) / 4, 4)
  })

  it('are few for a popular page, and none with one instance or no HIT', () => {
    expect(hitsFromRedisShare(10_000, 10)).toBeLessThan(0.001)
    expect(hitsFromRedisShare(5, 1)).toBe(0)
    expect(hitsFromRedisShare(1, 57)).toBe(0)
    // No regeneration at all: pages never change, so every HIT is local once read.
    expect(hitsFromRedisShare(Infinity, 57)).toBe(0)
  })
})

describe('the plan for a peak', () => {
  // By URL: every HIT in the instance's memory, so the figures below can be worked by hand.
  const plan = capacityPlan(MEASURED, { ...STATED_PEAK, balancing: 'by-url' })

  it('splits the stated peak into cached views, regenerations and the daily crawl', () => {
    expect(plan.viewsPerSecond.hit).toBeCloseTo(1600)
    expect(plan.viewsPerSecond.stale).toBeCloseTo(400)
    // 9 × 16 × 570 = 82,080 pages a day: 0.95 first renders per second.
    expect(plan.crawlerViewsPerSecond).toBeCloseTo(82_080 / 86_400)
    expect(plan.viewsPerSecond.miss).toBeCloseTo(0.95, 2)
  })

  it('needs instances for the CPU at the target utilisation, plus the spare', () => {
    // 1600 × 2 + 400 × 40 + 0.95 × 50 ms = 19,247.5 ms/s = 19.25 cores; at 60 %: 33 (32.08 → 33), + 1.
    expect(plan.instanceCores).toBeCloseTo(19.2475, 3)
    expect(plan.instancesNeeded).toBe(33)
    expect(plan.instances).toBe(34)
  })

  it("sizes Redis: commands, bandwidth, and memory for two builds' pages, the lists and the tickers", () => {
    // Lists: 400.95 renders/s over 34 instances and 144 slots: each instance looks at a slot in
    // 1 − e^(−0.819) = 55.9 % of the windows, 3.35 times a minute; a time read, 1.5 reads and a lease each.
    const looks = (144 * 34 * 6 * (1 - Math.exp(-((400.95 / 34) * 10) / 144))) / 60
    expect(looks).toBeCloseTo(273.7, 0)
    expect(plan.redis.lists.looksPerSecond).toBeCloseTo(looks)
    expect(plan.redis.lists.commandsPerSecond).toBeCloseTo(looks * 3.5 + (144 * 6) / 60)
    expect(plan.redis.lists.bytesOutPerSecond).toBeCloseTo(looks * 1.5 * 250_000)
    expect(plan.redis.lists.bytesInPerSecond).toBeCloseTo(((144 * 6) / 60) * 250_000)
    // Tickers: 9 upstreams, a 5 s window: each instance reads each upstream's time 12 times a minute at this render rate.
    const tickerLooks = (9 * 34 * 12 * (1 - Math.exp(-((400.95 / 34) * 5) / 9))) / 60
    expect(plan.redis.tickers.commandsPerSecond).toBeCloseTo(tickerLooks)
    const copies = plan.redis.lists.commandsPerSecond + plan.redis.tickers.commandsPerSecond
    expect(plan.redis.commandsPerSecond).toBeCloseTo(1600 * 2 + 400 * 6 + 0.95 * 8 + copies, 0)
    expect(plan.redis.bytesOutPerSecond).toBeCloseTo(1600 * 50 + 400 * 100_000 + 0.95 * 120_000 + plan.redis.lists.bytesOutPerSecond, -3)
    expect(plan.redis.pages).toBe(82_080)
    expect(plan.redis.dataBytes).toBe(82_080 * 100_000 * 2 + 144 * 300_000 + 9 * 150_000)
    expect(plan.redis.memoryBytes).toBeCloseTo(plan.redis.dataBytes * 1.5)
    // Pages: 1600 × 0.01 + 400.95 × (0.01 + 0.3) ms/s; lists: 273.7 looks/s × (0.004 + 1.5 × 0.2) ms + 14.4 writes/s × 0.5 ms; tickers: looks × 0.004 ms.
    const shared = looks * (0.004 + 1.5 * 0.2) + 14.4 * 0.5 + tickerLooks * 0.004
    expect(plan.redis.cores).toBeCloseTo((16 + 400.95 * 0.31 + shared) / 1000, 4)
    // One request at a time: 1600 × 0.02 + 400 × 0.5 + 0.95 × 0.5 ms/s, the copies alike.
    expect(plan.redis.coresOneAtATime).toBeCloseTo((232.475 + shared) / 1000, 4)
  })

  it('keeps the upstream calls of lists and tickers to the fleet-wide bound, whatever the instances', () => {
    // Lists: 16 languages × 6 windows × 2 (or 3) calls; tickers 12 a minute (one lease per 5 s) healthy or failing.
    expect(plan.upstream.healthy).toEqual({ symbolLists: 192, tickers: 12 })
    expect(plan.upstream.outage).toEqual({ symbolLists: 288, tickers: 12 })
    expect(capacityPlan(MEASURED, STATED_PEAK).upstream).toEqual(plan.upstream)
  })

  it('with round-robin, sizes for HITs read from Redis at the share its own instance count gives', () => {
    const rr = capacityPlan(MEASURED, STATED_PEAK)
    expect(rr.hitsFromRedisShare).toBeGreaterThan(0.9)
    expect(rr.hitsFromRedisShare).toBe(hitsFromRedisShare(5, rr.instances))
    expect(rr.viewsPerSecond.hitFromRedis + rr.viewsPerSecond.hit).toBeCloseTo(1600)
    expect(rr.instances).toBe(Math.ceil(rr.instanceCores / 0.6) + 1)
    expect(rr.instances).toBeGreaterThan(plan.instances)
    // Each HIT from Redis reads the whole entry.
    expect(rr.redis.bytesOutPerSecond - plan.redis.bytesOutPerSecond).toBeGreaterThan(rr.viewsPerSecond.hitFromRedis * 90_000)
  })

  it('moves with its assumptions: all but a few HITs need one instance and its spare', () => {
    const calm = capacityPlan(MEASURED, {
      ...STATED_PEAK,
      balancing: 'by-url',
      peakViewsPerSecond: 100,
      hitShare: 0.999,
      crawl: { ...STATED_PEAK.crawl, pairs: 0 },
    })
    expect(calm.instanceCores).toBeCloseTo((99.9 * 2 + 0.1 * 40) / 1000)
    expect(calm.instances).toBe(2)
    const allMiss = capacityPlan(MEASURED, { ...STATED_PEAK, missShareOfOthers: 1 })
    expect(allMiss.hitsFromRedisShare).toBe(0)
    expect(allMiss.instanceCores).toBeGreaterThan(plan.instanceCores)
  })

  it('refuses shares outside 0…1 and a utilisation of 0', () => {
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, hitShare: 1.2 })).toThrow(/shares/)
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, hitShare: 1 })).toThrow(/HITs below 1/)
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, targetUtilisation: 0 })).toThrow(/utilisation/)
  })
})

describe('Zipf popularity', () => {
  it('spreads the views over the pages in proportion to 1/rank (s = 1), all of them counted', () => {
    const rates = zipfRates(2000, 27_360, 1)
    expect(rates.reduce((a, b) => a + b, 0)).toBeCloseTo(2000, 6)
    // H(27,360) = 10.7942…: the top page gets 2000 / H views a second, the tenth a tenth of that.
    expect(rates[0]).toBeCloseTo(2000 / 10.79419, 2)
    expect((rates[0] ?? 0) / (rates[9] ?? 1)).toBeCloseTo(10, 9)
  })

  it('is even with s = 0, and refuses no pages or a negative exponent', () => {
    expect([...zipfRates(30, 3, 0)]).toEqual([10, 10, 10])
    expect(() => zipfRates(10, 0, 1)).toThrow(/pages/)
    expect(() => zipfRates(10, 5, -1)).toThrow(/s ≥ 0/)
  })
})

describe('regenerations under the traffic model', () => {
  const rates = zipfRates(2000, 27_360, 1)

  it('counts the distinct pages viewed in a period: a page at λ is seen with probability 1 − e^(−λt)', () => {
    expect(distinctPagesViewed([0.01], 100)).toBeCloseTo(1 - Math.exp(-1), 12)
    expect(distinctPagesViewed([50, 50, 50], 60)).toBeCloseTo(3, 9)
    expect(distinctPagesViewed(rates, 0)).toBe(0)
    // Longer periods see more pages, never more than there are.
    const [a, b] = [distinctPagesViewed(rates, 60), distinctPagesViewed(rates, 300)]
    expect(a).toBeLessThan(b)
    expect(b).toBeLessThan(27_360)
  })

  it('refreshes a page on its first view after each period: λ / (1 + λT), never above the distinct pages per period', () => {
    expect(refreshesPerSecond([1], 1)).toBeCloseTo(0.5, 12)
    for (const period of [60, 300, 900]) expect(refreshesPerSecond(rates, period)).toBeLessThan(distinctPagesViewed(rates, period) / period)
    // A page viewed all the time is refreshed once per period.
    expect(refreshesPerSecond([1e9], 300)).toBeCloseTo(1 / 300, 9)
  })

  it('with one edge keeping a page as long as the instances do, makes every origin request a regeneration', () => {
    const one = originLoad(rates, { pops: 1, sMaxAgeS: 300, revalidateS: 300 })
    expect(one.requests).toBeCloseTo(refreshesPerSecond(rates, 300), 9)
    expect(one.regenerations).toBeCloseTo(one.requests, 9)
    expect(one.hits).toBeCloseTo(0, 9)
  })

  it('with more points of presence, sends more requests to the origin, the regenerations still bounded by the period', () => {
    const bound = distinctPagesViewed(rates, 300) / 300
    const [five, hundred] = [5, 100].map((pops) => originLoad(rates, { pops, sMaxAgeS: 300, revalidateS: 300 }))
    expect(five?.requests).toBeGreaterThan(refreshesPerSecond(rates, 300))
    expect(hundred?.requests).toBeGreaterThan(five?.requests ?? Infinity)
    expect(hundred?.regenerations).toBeLessThanOrEqual(bound + 1e-9)
    // Each point of presence its own page per view: every view reaches the origin.
    expect(originLoad(rates, { pops: 1e12, sMaxAgeS: 300, revalidateS: 300 }).requests).toBeCloseTo(2000, 3)
    expect(() => originLoad(rates, { pops: 0, sMaxAgeS: 300, revalidateS: 300 })).toThrow(/pops/)
  })
})

describe('the plan with the edge in front', () => {
  const MEASURED_EDGE: EdgeMeasured = {
    cpuMs: { render: 40, hitFromRedis: 10, marketsRender: 80, clientConfig: 2, monitorBatch: 3, monitorRefused: 1 },
    monitorBatchesPerSecondPerInstance: 100,
    backgroundMsPerSecond: 0,
    redisBytesPerPage: 30_000,
    redisBytesPerList: 300_000,
    redisBytesPerTickers: 150_000,
    redisCpu: { ...MEASURED.redisCpu, headMs: 0.01, entryReadMs: 0.05, pageWriteMs: 0.2 },
    entryWireBytes: 25_000,
    lists: { timesPerLook: 0, readsPerLook: 0, leasesPerLook: 0, writesPerMinute: 0, bytes: 250_000, windowS: 10 },
    tickers: { timesPerLook: 0, readsPerLook: 0, leasesPerLook: 0, writesPerMinute: 0, bytes: 150_000, windowS: 5 },
    edgeCpuMs: { hit: 0.1, proxied: 0.2, refused: 0.05 },
    upstream: MEASURED.upstream,
  }
  const plan = edgePlan(MEASURED_EDGE, EDGE_PEAK)

  it('sizes the renders for the distinct pages viewed per period, plus the crawl and the markets pages', () => {
    const rates = zipfRates(2000, 27_360, 1)
    expect(plan.pages).toBe(27_360)
    expect(plan.plannedRegenerations).toBeCloseTo(distinctPagesViewed(rates, 300) / 300, 9)
    expect(plan.regenerations).toBeCloseTo(refreshesPerSecond(rates, 300), 9)
    expect(plan.crawlerRendersPerSecond).toBeCloseTo(27_360 / 86_400, 12)
    expect(plan.marketsRendersPerSecond).toBeCloseTo(48 / 60, 12)
    expect(plan.cores.renders).toBeCloseTo((plan.plannedRegenerations * 40) / 1000, 12)
    expect(plan.cores.crawl + plan.cores.markets).toBeCloseTo(((27_360 / 86_400) * 40 + (48 / 60) * 80) / 1000, 12)
  })

  it('counts what every view asks after load: the client config per host and period, the monitor batches the edge passes', () => {
    // 9 hosts, each asked once per 20 s at the one edge.
    expect(plan.clientConfigPerSecond).toBeCloseTo(0.45, 12)
    // 2000 views × 3 batches; the edge passes 200 a second, the instances' collectors take them all.
    expect(plan.monitor).toEqual({ batchesPerSecond: 6000, accepted: 200, refused: 0, refusedByEdge: 5800 })
    expect(plan.cores.monitor).toBeCloseTo((200 * 3) / 1000, 12)
    // Without an edge copy of the client config, every view asks an instance.
    expect(edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, clientConfig: { hosts: 9, ttlS: 0 } }).clientConfigPerSecond).toBe(2000)
  })

  it("costs the edge each view's page and client config from its cache, what it passes on, and the batches it refuses", () => {
    const viewsFromCache = 2000 - (plan.originRequests - plan.plannedRegenerations)
    expect(plan.edge.hitsPerSecond).toBeCloseTo(viewsFromCache + (2000 - 0.45), 9)
    expect(plan.edge.proxiedPerSecond).toBeCloseTo(plan.originRequests + plan.crawlerRendersPerSecond + plan.marketsRendersPerSecond + 0.45 + 200, 9)
    expect(plan.edge.refusedPerSecond).toBe(5800)
    expect(plan.edge.cores).toBeCloseTo((plan.edge.hitsPerSecond * 0.1 + plan.edge.proxiedPerSecond * 0.2 + 5800 * 0.05) / 1000, 12)
    // Every batch passed on: the edge refuses none, and proxies them all.
    const all = edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, monitorPassedByEdge: null })
    expect(all.edge.refusedPerSecond).toBe(0)
    expect(all.edge.proxiedPerSecond - plan.edge.proxiedPerSecond).toBeCloseTo(5800, 9)
  })

  it("keeps the client config at the edge as long as the route's s-maxage says", () => {
    const route = readFileSync(join(__dirname, '..', '..', 'app', 'api', 'client-config', 'route.ts'), 'utf8')
    expect(Number(/s-maxage=(\d+)/.exec(route)?.[1])).toBe(EDGE_PEAK.clientConfig.ttlS)
  })

  it('with every batch passed to the instances, pays for those their collectors refuse too', () => {
    const all = edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, monitorPassedByEdge: null })
    expect(all.monitor.accepted).toBe(all.instances * 100)
    expect(all.monitor.refused).toBe(6000 - all.instances * 100)
    expect(all.cores.monitor).toBeCloseTo((all.monitor.accepted * 3 + all.monitor.refused * 1) / 1000, 12)
    expect(all.instances).toBeGreaterThan(plan.instances)
  })

  it('needs instances for the sum at the target utilisation, plus the spare', () => {
    const c = plan.cores
    expect(c.total).toBeCloseTo(c.renders + c.hits + c.crawl + c.markets + c.clientConfig + c.monitor + c.background, 12)
    expect(plan.instancesNeeded).toBe(Math.ceil(c.total / 0.6))
    expect(plan.instances).toBe(plan.instancesNeeded + 1)
  })

  it("pays every instance's background work (refreshes, GC), the spare's too: more instances, more of it", () => {
    const busy = edgePlan({ ...MEASURED_EDGE, backgroundMsPerSecond: 100 }, EDGE_PEAK)
    expect(busy.cores.background).toBeCloseTo((busy.instances * 100) / 1000, 12)
    expect(busy.instances).toBeGreaterThan(plan.instances)
    expect(busy.instancesNeeded).toBe(Math.ceil(busy.cores.total / 0.6))
  })

  it('asks once more for each regeneration when the edge keeps no STALE answer, from the instances’ cache', () => {
    expect(plan.cores.hits).toBeCloseTo((plan.plannedRegenerations * 10) / 1000, 12)
    const keeps = edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, edge: { ...EDGE_PEAK.edge, keepsStale: true } })
    expect(keeps.cores.hits).toBeCloseTo(0, 12)
    expect(plan.originRequests - keeps.originRequests).toBeCloseTo(plan.plannedRegenerations, 9)
  })

  it("sizes Redis for two builds' pages of the real sites, the lists and the tickers", () => {
    expect(plan.redis.dataBytes).toBe(27_360 * 30_000 * 2 + 48 * 300_000 + 9 * 150_000)
    expect(plan.redis.memoryBytes).toBeCloseTo(plan.redis.dataBytes * 1.5, 3)
    // Each render writes an entry; each answer from the cache reads one.
    const renders = plan.plannedRegenerations + 27_360 / 86_400 + 48 / 60
    expect(plan.redis.bytesInPerSecond).toBeCloseTo(renders * 25_000, 3)
    expect(plan.redis.bytesOutPerSecond).toBeCloseTo(plan.plannedRegenerations * 25_000, 3)
    // A look (HGET + GET) per request that reaches an instance, an entry read per answer from the cache, a write per render.
    expect(plan.redis.commandsPerSecond).toBeCloseTo((plan.originRequests + renders - plan.plannedRegenerations) * 2 + plan.plannedRegenerations + renders, 6)
  })

  it("adds the shared copies' reads: each instance looks at a site's list (an upstream's tickers) in the windows it renders a page of it", () => {
    const lists = { timesPerLook: 1, readsPerLook: 0.1, leasesPerLook: 0.5, writesPerMinute: 6, bytes: 250_000, windowS: 10 }
    const tickers = { timesPerLook: 1, readsPerLook: 1, leasesPerLook: 0.1, writesPerMinute: 12, bytes: 150_000, windowS: 5 }
    const listed = edgePlan({ ...MEASURED_EDGE, lists, tickers }, EDGE_PEAK)
    const renders = listed.plannedRegenerations + listed.crawlerRendersPerSecond + listed.marketsRendersPerSecond
    const looks = (48 * listed.instances * listLooksPerMinute(renders / listed.instances, 48, 10)) / 60
    const r = MEASURED_EDGE.redisCpu
    expect(listed.redis.lists).toEqual({
      looksPerSecond: looks,
      commandsPerSecond: looks * 1.6 + (48 * 6) / 60,
      bytesInPerSecond: ((48 * 6) / 60) * 250_000,
      bytesOutPerSecond: looks * 0.1 * 250_000,
      cpuMs: looks * (r.copyTimeMs + 0.1 * r.listReadMs) + ((48 * 6) / 60) * r.listWriteMs,
    })
    expect(listed.redis.tickers).toEqual(
      copyLoad(
        tickers,
        { slots: 9, instances: listed.instances, rendersPerSecond: renders },
        { timeMs: r.copyTimeMs, readMs: r.tickersReadMs, writeMs: r.tickersWriteMs },
      ),
    )
    // Nearly every instance renders every region's pages within each window: it reads each upstream's new tickers, about 12 a minute.
    expect(listed.redis.tickers.looksPerSecond / ((9 * listed.instances * 12) / 60)).toBeGreaterThan(0.99)
    expect(listed.redis.tickers.looksPerSecond).toBeLessThanOrEqual((9 * listed.instances * 12) / 60)
    expect(listed.redis.bytesOutPerSecond - plan.redis.bytesOutPerSecond).toBeCloseTo(looks * 0.1 * 250_000 + listed.redis.tickers.looksPerSecond * 150_000, 3)
  })

  it('grows with the revalidate period shortened, and with views that reach the origin through many points of presence', () => {
    expect(edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, revalidateS: 60, edge: { ...EDGE_PEAK.edge, sMaxAgeS: 60 } }).cores.renders).toBeGreaterThan(
      plan.cores.renders * 2,
    )
    const cdn = edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, edge: { pops: 50, sMaxAgeS: 300, keepsStale: true } })
    expect(cdn.cores.hits).toBeGreaterThan(0)
    expect(cdn.instances).toBeGreaterThan(plan.instances)
  })

  it('finds the peak at which one Redis is outgrown, and none when one edge bounds the regenerations', () => {
    // One edge: Redis's work stops growing once every page regenerates each period.
    expect(redisOutgrownAt(MEASURED_EDGE, EDGE_PEAK)).toEqual({ viewsPerSecond: Infinity, by: null })
    // Many points of presence send views' worth of reads: egress (25 kB each) passes 125 MB/s first.
    const cdn = redisOutgrownAt(MEASURED_EDGE, { ...EDGE_PEAK, edge: { pops: 1000, sMaxAgeS: 300, keepsStale: true } })
    expect(cdn.by).toBe('egress')
    const at = edgePlan(MEASURED_EDGE, { ...EDGE_PEAK, viewsPerSecond: cdn.viewsPerSecond, edge: { pops: 1000, sMaxAgeS: 300, keepsStale: true } })
    expect(at.redis.bytesOutPerSecond).toBeGreaterThan(125e6)
    expect(at.redis.bytesOutPerSecond).toBeLessThan(125e6 * 1.01)
    // Pages that do not fit are outgrown at any peak.
    expect(redisOutgrownAt({ ...MEASURED_EDGE, redisBytesPerPage: 1e6 }, EDGE_PEAK).by).toBe('memory')
  })

  it('is planned for the revalidate period the pair pages declare', () => {
    const page = readFileSync(join(__dirname, '..', '..', 'app', '[region]', '[lang]', 'trade', 'spot', '[base]', '[quote]', 'page.tsx'), 'utf8')
    expect(Number(/^export const revalidate = (\d+)$/m.exec(page)?.[1])).toBe(EDGE_PEAK.revalidateS)
  })
})
