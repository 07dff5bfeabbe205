import type { RedisClientType } from 'redis'

export type BreakerState = 'closed' | 'open' | 'half-open'
export interface RedisLinkStatus {
  breaker: BreakerState
  connected: boolean
  /** Connected with the breaker closed and a command answered, or readyWaitMs since the link was made (readiness waits for it). */
  ready: boolean
  lastError: string | null
  counts: { ok: number; failed: number; timeout: number; skipped: number; opened: number }
}
export interface RedisLink {
  run<T>(fn: (client: RedisClientType) => Promise<T> | T): Promise<T | undefined>
  onRecovered(fn: () => unknown): void
  status(): RedisLinkStatus
  close(): Promise<void>
}
type Log = (level: 'warn' | 'info', detail: Record<string, unknown>, message: string) => void
export function createRedisLink(options: {
  url: string
  timeoutMs?: number
  readyWaitMs?: number
  threshold?: number
  cooldownMs?: number
  now?: () => number
  createClient?: unknown
  log?: Log
}): RedisLink
export function processRedisLink(settings: { redisUrl: string; timeoutMs: number }, log?: Log): RedisLink
export function writeIfNewer(
  client: RedisClientType,
  key: string,
  write: { timeField: string; time: number; fields: Record<string, string | Buffer>; ttlMs?: number },
): Promise<unknown>
export function createBreaker(options?: { threshold?: number; cooldownMs?: number; now?: () => number }): unknown
