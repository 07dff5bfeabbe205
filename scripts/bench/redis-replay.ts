/**
 * Redis CPU per operation with many commands in flight, as a busy fleet sends them: the page
 * views' and the shared copies' (symbol lists, tickers) own commands replayed against the bench's Redis on copies of a real page
 * entry and list (scratch keys, deleted after). Measured one request at a time, each command
 * wakes Redis on its own, and its CPU per view is several times what it is at a peak.
 */
import { RESP_TYPES, type createClient, type RedisClientType } from 'redis'
import { writeIfNewer } from '../../server/fleet/redis-link.cjs'
import { lessIdle, lessOverhead, parseRedisInfo, redisCountersOf, redisDelta, type RedisCounters, type RedisOpCpu } from './capacity-sheet'

type Client = ReturnType<typeof createClient>

/** What the replay measures: the sheet's per-operation CPU (./capacity-sheet.ts RedisOpCpu), and how many commands were in flight. */
export interface ReplayCpu extends RedisOpCpu {
  inFlight: number
}

const SCRATCH = 'capacity-replay'

export async function replayRedisCpu(
  client: Client,
  keys: { entry: string; version: string; list: string; tickers?: string },
  { inFlight = 16, idleMsPerSecond = 0 } = {},
): Promise<ReplayCpu> {
  const c = client as unknown as RedisClientType
  // The entry's bytes as stored (compressed, server/fleet/cache-codec.cjs): a string would be decoded as UTF-8 and change.
  const data = await client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).hGet(keys.entry, 'd')
  const list = await client.hGetAll(keys.list)
  if (!data || !list.symbol || !list.incremental) throw new Error('redis replay: no page entry or symbol list to copy')
  const tickers = keys.tickers ? await client.hGet(keys.tickers, 'tickers') : null
  const counters = async (): Promise<RedisCounters> =>
    redisCountersOf(parseRedisInfo(String(await client.sendCommand(['INFO', 'stats', 'commandstats', 'cpu']))))
  const r0 = await counters()
  const overhead = redisDelta(await counters(), r0)
  /** Redis CPU ms per operation over `n` operations, `inFlight` at a time. */
  const cpuPer = async (n: number, op: (i: number) => Promise<unknown>) => {
    const [before, t0] = [await counters(), Date.now()]
    for (let i = 0; i < n; i += inFlight) await Promise.all(Array.from({ length: Math.min(inFlight, n - i) }, (_, j) => op(i + j)))
    const delta = lessIdle(lessOverhead(redisDelta(await counters(), before), overhead), idleMsPerSecond, Date.now() - t0)
    return delta.cpuMs / n
  }
  const base = Date.now()
  try {
    return {
      headMs: await cpuPer(2000, () => Promise.all([client.hGet(keys.entry, 'lm'), client.get(keys.version)])),
      entryReadMs: await cpuPer(400, () => client.hGet(keys.entry, 'd')),
      pageWriteMs: await cpuPer(200, (i) => writeIfNewer(c, `${SCRATCH}:e:${i % 50}`, { timeField: 'lm', time: base + i, fields: { d: data }, ttlMs: 60_000 })),
      copyTimeMs: await cpuPer(2000, () => client.hGet(keys.list, 'fetchedAt')),
      listReadMs: await cpuPer(100, () => client.hmGet(keys.list, ['fetchedAt', 'symbol', 'incremental'])),
      listWriteMs: await cpuPer(100, (i) =>
        writeIfNewer(c, `${SCRATCH}:l:${i % 10}`, {
          timeField: 'fetchedAt',
          time: base + i,
          fields: { symbol: list.symbol ?? '', incremental: list.incremental ?? '' },
        }),
      ),
      tickersReadMs: tickers ? await cpuPer(100, () => client.hmGet(keys.tickers ?? '', ['fetchedAt', 'tickers'])) : 0,
      tickersWriteMs: tickers
        ? await cpuPer(100, (i) =>
            writeIfNewer(c, `${SCRATCH}:t:${i % 10}`, { timeField: 'fetchedAt', time: base + i, fields: { tickers }, ttlMs: 86_400_000 }),
          )
        : 0,
      inFlight,
    }
  } finally {
    const scratch: string[] = []
    for await (const found of client.scanIterator({ MATCH: `${SCRATCH}:*`, COUNT: 500 })) scratch.push(...found)
    if (scratch.length > 0) await client.del(scratch)
  }
}
