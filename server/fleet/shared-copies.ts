import { randomUUID } from 'node:crypto'
import { processSingleton } from '../config/global'
import { writeIfNewer, type RedisLink } from './redis-link.cjs'

/**
 * Copies of upstream data the fleet shares through Redis (the symbol lists, the tickers), each a
 * hash of text fields with the time its data left the upstream, and the lease that lets one
 * instance ask the upstream per window (docs/decisions/fleet.md "One refresher per fleet for lists
 * and tickers"). Every method answers `undefined`/`'unavailable'`
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

/**
 * Redis commands one kind of copy sent that Redis answered, since the process started: its time
 * (HGET), the copy (HMGET), a lease (SET NX PX), a write (the write script; `written` when it
 * stored). /api/metrics shows them (`spot_redis_shared_copy_commands`), and the capacity bench
 * takes them off Redis's own counts to tell the pages' traffic from the lists' and tickers'.
 */
export interface SharedCopyCounts {
  time: number
  read: number
  lease: number
  write: number
  written: number
}

/** Per kind of copy (`lists`, `tickers`), this process's counts (one object per process, whatever Next bundled). */
export function sharedCopyCounts(): Record<string, SharedCopyCounts> {
  return processSingleton('shared-copy-counts', () => ({}))
}

export interface SharedCopiesOptions<F extends string> {
  /** The kind of copy, as its counts are labelled (`lists`, `tickers`). */
  name: string
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
  const counts = (sharedCopyCounts()[options.name] ??= { time: 0, read: 0, lease: 0, write: 0, written: 0 })
  /** Counts a command Redis answered (undefined: failed, timed out or never sent). */
  const counted = <T>(step: keyof SharedCopyCounts, answer: T): T => {
    if (answer !== undefined) counts[step] += 1
    return answer
  }
  return {
    async readNewer(key, than) {
      const time = Number(counted('time', await link.run((c) => c.hGet(copyKey(key), timeField))))
      if (!(Number.isFinite(time) && time > than)) return undefined
      const values = counted('read', await link.run((c) => c.hmGet(copyKey(key), [timeField, ...fields])))
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
      const done = counted('write', await link.run((c) => writeIfNewer(c, copyKey(key), { timeField, time: copy.time, fields: copy.fields, ttlMs })))
      if (Number(done) === 1) counts.written += 1
      return done !== undefined
    },
    async lease(key, ms) {
      const answer = counted('lease', await link.run((c) => c.set(leaseKey(key), owner, { condition: 'NX', expiration: { type: 'PX', value: ms } })))
      if (answer === undefined) return 'unavailable'
      return answer === 'OK' ? 'mine' : 'taken'
    },
    onRecovered: (fn) => link.onRecovered(fn),
  }
}
