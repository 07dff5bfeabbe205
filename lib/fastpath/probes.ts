import type { AliveProber } from '../http/probe'
import { startDeadline } from '../engine-kit/deadline'
import type { FetchLike, Timers } from '../engine-kit/environment'
import { FAST_PATH_PROBE_PATH, WS_PING, WS_PONG } from './constants'

/**
 * The three probes of SPEC §4: the CDN (a plain GET, alive on 2xx), the websocket ("ping" →
 * "pong") and each fast-path host (GET /hats/t1, alive on ret_code 0 or 10017: the liveness probe
 * the route chooser uses too). None throws:
 * every failure becomes a record with ok false, so only real bugs reach the engine's handler.
 */
export type ProbeKind = 'cdn' | 'ws' | 'fastPath'

export interface ProbeRecord {
  kind: ProbeKind
  target: string
  ok: boolean
  /** Time to answer; null when the probe failed. */
  latencyMs: number | null
  at: number
}

// Method-style signature: parameters compare bivariantly, so a DOM WebSocket or the `ws`
// package's socket (whose handlers take richer events) fits this minimal shape as it is.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack']

/** The part of a WebSocket the probe uses; `(url) => new WebSocket(url)` fits. */
export interface ProbeSocket {
  onopen: Handler<unknown> | null
  onmessage: Handler<{ data: unknown }> | null
  onerror: Handler<unknown> | null
  onclose: Handler<unknown> | null
  send(data: string): void
  close(): void
}

export type OpenWebSocket = (url: string) => ProbeSocket

export interface ProbeContext {
  fetch: FetchLike
  timers: Timers
  now: () => number
  timeoutMs: number
  openWebSocket?: OpenWebSocket
}

/**
 * Runs `work` bounded by the timeout and the caller's signal (the one deadline,
 * lib/engine-kit/deadline.ts); resolves false on either. Once settled, the deadline's signal
 * aborts, so the work lets go of its socket or request.
 */
function bounded(ctx: ProbeContext, signal: AbortSignal, work: (inner: AbortSignal, settle: (ok: boolean) => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const deadline = startDeadline(ctx.timers, ctx.timeoutMs, signal)
    let done = false
    const settle = (ok: boolean) => {
      if (done) return
      done = true
      deadline.release()
      resolve(ok)
    }
    if (deadline.signal.aborted) return settle(false)
    deadline.signal.addEventListener('abort', () => settle(false), { once: true })
    try {
      work(deadline.signal, settle)
    } catch {
      settle(false)
    }
  })
}

export async function probeCdn(ctx: ProbeContext, url: string, signal: AbortSignal): Promise<ProbeRecord> {
  const started = ctx.now()
  const ok = await bounded(ctx, signal, (inner, settle) => {
    ctx.fetch(url, { method: 'GET', credentials: 'omit', cache: 'no-store', signal: inner }).then(
      (response) => {
        settle(response.ok)
        void response.body?.cancel().catch(() => undefined)
      },
      () => settle(false),
    )
  })
  return { kind: 'cdn', target: url, ok, latencyMs: ok ? ctx.now() - started : null, at: ctx.now() }
}

export async function probeWebSocket(ctx: ProbeContext, url: string, signal: AbortSignal): Promise<ProbeRecord> {
  let sentAt = 0
  const ok = await bounded(ctx, signal, (inner, settle) => {
    if (!ctx.openWebSocket) return settle(false)
    const ws = ctx.openWebSocket(url)
    // Settled (answer, failure, timeout or abort): the socket has done its job.
    inner.addEventListener('abort', () => {
      try {
        ws.close()
      } catch {
        // Closing a socket that never opened may throw in some runtimes; it is gone either way.
      }
    })
    // Measured from "ping" to "pong": the round trip of an open connection, not the handshake.
    ws.onopen = () => {
      sentAt = ctx.now()
      ws.send(WS_PING)
    }
    ws.onmessage = (event) => {
      if (String(event.data) === WS_PONG) settle(true)
    }
    ws.onerror = () => settle(false)
    ws.onclose = () => settle(false)
  })
  return { kind: 'ws', target: url, ok, latencyMs: ok ? ctx.now() - sentAt : null, at: ctx.now() }
}

/** A fast-path host: `GET {host}/hats/t1` through the one liveness probe (lib/http/probe.ts). */
export async function probeFastPathHost(prober: AliveProber, origin: string, signal: AbortSignal): Promise<ProbeRecord> {
  const { ok, elapsedMs, at } = await prober.probe(origin, FAST_PATH_PROBE_PATH, signal)
  return { kind: 'fastPath', target: origin, ok, latencyMs: ok ? elapsedMs : null, at }
}
