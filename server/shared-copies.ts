import { randomUUID } from 'node:crypto'
import { writeIfNewer, type RedisLink } from './redis-link.cjs'

/**
 * Copies of upstream data the fleet shares through Redis (the pair lists, the tickers), each a
 * hash of text fields with the time its data left the upstream, and the lease that lets one
 * instance ask the upstream per window (docs/decisions/fleet.md "One pair-list refresher per
 * fleet", "One ticker refresher per fleet"). Every method answers `undefined`/`'unavailable'`
 * instead of failing: without Redis each instance asks on its own.
 */
export interface SharedCopy<F extends string> {
  /** When the data left the upstream (ms). */
  time: number
  fields: Record<F, string>
}

export interface SharedCopies<F extends string> {
  /**
   * The fleet's copy if it is newer than `than`: one round trip reads its time, and the fields
   * (with the time again, as one snapshot) follow only when it is newer.
   */
  readNewer(key: string, than: number): Promise<SharedCopy<F> | undefined>
  /** Stores the copy unless the fleet already holds one as new (true: Redis answered). */
  write(key: string, copy: SharedCopy<F>): Promise<boolean>
  /** SET NX PX: 'mine' for the instance that may ask the upstream now, 'taken' for the others. */
  lease(key: string, ms: number): Promise<'mine' | 'taken' | 'unavailable'>
  onRecovered(fn: () => unknown): void
}

export interface SharedCopiesOptions<F extends string> {
  /** The hash of a copy, and the lease's key. */
  copyKey: (key: string) => string
  leaseKey: (key: string) => string
  /** The copy's text fields, and the hash field holding its time. */
  fields: readonly F[]
  timeField: string
  /** Expiry of a copy (0: none). */
  ttlMs?: number
}

export function createRedisCopies<F extends string>(link: RedisLink, options: SharedCopiesOptions<F>): SharedCopies<F> {
  const { copyKey, leaseKey, fields, timeField, ttlMs = 0 } = options
  const owner = `${process.pid}-${randomUUID()}`
  return {
    async readNewer(key, than) {
      const time = Number(await link.run((c) => c.hGet(copyKey(key), timeField)))
      if (!(Number.isFinite(time) && time > than)) return undefined
      const values = await link.run((c) => c.hmGet(copyKey(key), [timeField, ...fields]))
      if (!values) return undefined
      const [at, ...texts] = values
      const read = {} as Record<F, string>
      for (const [i, name] of fields.entries()) {
        const text = texts[i]
        if (typeof text !== 'string' || text === '') return undefined
        read[name] = text
      }
      const snapshot = Number(at)
      return Number.isFinite(snapshot) ? { time: snapshot, fields: read } : undefined
    },
    async write(key, copy) {
      const done = await link.run((c) => writeIfNewer(c, copyKey(key), { timeField, time: copy.time, fields: copy.fields, ttlMs }))
      return done !== undefined
    },
    async lease(key, ms) {
      const answer = await link.run((c) => c.set(leaseKey(key), owner, { condition: 'NX', expiration: { type: 'PX', value: ms } }))
      if (answer === undefined) return 'unavailable'
      return answer === 'OK' ? 'mine' : 'taken'
    },
    onRecovered: (fn) => link.onRecovered(fn),
  }
}
