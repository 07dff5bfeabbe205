'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: the cache handler loads it with Node as is */
/**
 * One Redis connection per process, behind a circuit breaker, for everything the fleet shares
 * (pages, tags, symbol lists, leases). Redis is never a single point of failure
 * (docs/decisions/fleet.md "Redis is an accelerator, never a dependency"): every command has a short
 * timeout (tens of ms); after `threshold` failures in a row the breaker opens and commands are
 * not even sent for `cooldownMs`; then one probe is let through, and its success closes the
 * breaker and runs the `onRecovered` listeners (write-back of what was written meanwhile).
 * A failed or skipped command resolves to `undefined`: callers then use their own memory and disk.
 */

function createBreaker({ threshold = 3, cooldownMs = 1000, now = Date.now } = {}) {
  let failures = 0
  let openUntil = 0
  let probing = false
  const listeners = new Set()
  const counts = { ok: 0, failed: 0, timeout: 0, skipped: 0, opened: 0 }
  return {
    counts,
    onRecovered: (fn) => listeners.add(fn),
    state: () => (openUntil === 0 ? 'closed' : now() < openUntil || probing ? 'open' : 'half-open'),
    /** Whether a command may be sent now (a half-open breaker lets one probe through). */
    admit() {
      if (openUntil === 0) return true
      if (now() < openUntil || probing) return false
      probing = true
      return true
    },
    succeeded() {
      counts.ok += 1
      failures = 0
      const recovered = openUntil !== 0
      openUntil = 0
      probing = false
      if (recovered) this.recovered()
    },
    /** Runs the write-backs (a closed breaker after an open one, or the first connection). */
    recovered() {
      for (const fn of listeners)
        Promise.resolve()
          .then(fn)
          .catch(() => {})
    },
    failed(kind) {
      counts[kind] += 1
      failures += 1
      if (probing || failures >= threshold) {
        if (openUntil === 0 || probing) counts.opened += 1
        openUntil = now() + cooldownMs
      }
      probing = false
    },
  }
}

/**
 * A link over a node-redis client: run(fn) gives fn the client and returns its result, or
 * undefined when the breaker is open, the client is offline, the command fails or takes longer
 * than timeoutMs. The client queues nothing while offline (a command would otherwise wait for
 * the reconnection) and reconnects in the background, at most every 2 s.
 *
 * It connects as it is made (at server start, server/fleet/fleet.ts). Until the first connection a
 * command is skipped without counting against the breaker, so the start leaves it closed; the
 * first connection is followed by one PING. The link is `ready` once connected with the
 * breaker closed and a command answered, or after `readyWaitMs` whatever the state, and /api/ready
 * waits for that (docs/decisions/fleet.md "A new instance reads the shared cache from its first request").
 */
/** Node's setImmediate, read off globalThis: the edge bundle (which never runs a link) rejects the bare name. */
const afterPoll = (fn) => (typeof globalThis.setImmediate === 'function' ? globalThis.setImmediate(fn) : setTimeout(fn, 0))

function createRedisLink({ url, timeoutMs = 50, readyWaitMs = 3000, threshold, cooldownMs, now = Date.now, createClient, log = () => {} }) {
  const make = createClient ?? require('redis').createClient
  const client = make({
    url,
    disableOfflineQueue: true,
    // An attempt gets the ready wait (3 s): a cold start holds the event loop for up to seconds,
    // and the socket's timer fires before the poll phase sees the connection made meanwhile, so a
    // shorter one cut a fresh instance's first attempt. No command waits for it (no offline queue).
    socket: { connectTimeout: Math.max(timeoutMs * 4, readyWaitMs), reconnectStrategy: (retries) => Math.min(100 * (retries + 1), 2000) },
  })
  const breaker = createBreaker({ threshold, cooldownMs, now })
  let lastError = null
  client.on('error', (error) => {
    // Logged once per change, not once per reconnection attempt.
    const message = String(error?.message ?? error)
    if (message !== lastError) log('warn', { err: message }, 'redis unavailable')
    lastError = message
  })
  const madeAt = now()
  let everReady = false
  let skippedBeforeReady = false
  client.on('ready', () => {
    if (lastError !== null) log('info', {}, 'redis connected')
    lastError = null
    if (everReady) return
    everReady = true
    // What was made while connecting goes to Redis now, as after an outage.
    if (skippedBeforeReady) breaker.recovered()
    // One round trip before readiness: the link is known to answer before a page relies on it.
    void run((c) => c.ping())
  })
  let closed = false
  client.connect().catch(() => {})

  async function run(fn) {
    if (closed || (!everReady && !client.isReady) || !breaker.admit()) {
      if (!everReady) skippedBeforeReady = true
      breaker.counts.skipped += 1
      return undefined
    }
    // The timeout measures Redis, not this process's own stalls (a cold start loading modules holds
    // the event loop for hundreds of ms):
    // - its clock starts after the command is written: node-redis writes in a setImmediate queued
    //   by fn, so ours, queued after fn returns, runs after that write (a stall between the call
    //   and the write used to count against Redis);
    // - the timer fires in the timer phase, before the poll phase reads the sockets, so it resolves
    //   after the next poll phase (afterPoll): a reply that arrived during a stall wins.
    let timer
    let done = false
    let startClock
    const timeout = new Promise(
      (resolve) =>
        (startClock = () =>
          afterPoll(() => {
            if (!done) timer = setTimeout(() => afterPoll(() => resolve(TIMEOUT)), timeoutMs)
          })),
    )
    const call = Promise.resolve().then(() => {
      const reply = fn(client)
      startClock()
      return reply
    })
    try {
      const result = await Promise.race([call, timeout])
      if (result === TIMEOUT) {
        breaker.failed('timeout')
        return undefined
      }
      breaker.succeeded()
      return result
    } catch (error) {
      lastError = String(error?.message ?? error)
      breaker.failed('failed')
      return undefined
    } finally {
      done = true
      clearTimeout(timer)
    }
  }

  return {
    run,
    onRecovered: breaker.onRecovered,
    /** For /api/health and /api/metrics. */
    status: () => ({
      breaker: breaker.state(),
      connected: client.isReady,
      /** Connected, breaker closed and a command answered, or tried for readyWaitMs: the instance may take traffic. */
      ready: (client.isReady && breaker.state() === 'closed' && breaker.counts.ok > 0) || now() - madeAt >= readyWaitMs,
      lastError,
      counts: { ...breaker.counts },
    }),
    async close() {
      closed = true
      try {
        await client.close()
      } catch {
        client.destroy?.()
      }
    },
  }
}

const TIMEOUT = Symbol('timeout')

/**
 * HSET only if the hash holds no time at least as new in `timeField` (then PEXPIRE, when a ttl
 * is given): two instances writing at once keep the newest copy, whatever order they arrive in.
 * One script for every shared copy (pages, symbol lists).
 */
const WRITE_IF_NEWER = `local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and tonumber(cur) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2], unpack(ARGV, 4))
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`

/** Resolves to 1 when written, 0 when Redis already held a copy as new. */
function writeIfNewer(client, key, { timeField, time, fields, ttlMs = 0 }) {
  return client.eval(WRITE_IF_NEWER, { keys: [key], arguments: [timeField, String(time), String(ttlMs), ...Object.entries(fields).flat()] })
}

/** The process's link for the configured URL (globalThis: Next bundles modules once per route). */
function processRedisLink(settings, log) {
  const key = Symbol.for('spot-site.redis-link')
  const links = (globalThis[key] ??= new Map())
  const id = `${settings.redisUrl} ${settings.timeoutMs}`
  if (!links.has(id)) links.set(id, createRedisLink({ url: settings.redisUrl, timeoutMs: settings.timeoutMs, log }))
  return links.get(id)
}

module.exports = { createBreaker, createRedisLink, processRedisLink, writeIfNewer }
