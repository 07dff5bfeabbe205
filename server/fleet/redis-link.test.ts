import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventually } from '@/testing/eventually'
import { createRedisLink } from './redis-link.cjs'

/** A node-redis stand-in: connects when told to, answers PING. */
function fakeClient() {
  const client = Object.assign(new EventEmitter(), {
    isReady: false,
    connect: async () => {},
    close: async () => {},
    ping: async () => 'PONG',
    becomeReady() {
      client.isReady = true
      client.emit('ready')
    },
  })
  return client
}

function link(readyWaitMs = 3000, timeoutMs = 50) {
  const client = fakeClient()
  let time = 1_000
  const made = createRedisLink({ url: 'redis://fake', timeoutMs, readyWaitMs, threshold: 3, cooldownMs: 1000, now: () => time, createClient: () => client })
  return { client, link: made, advance: (ms: number) => (time += ms) }
}

/** Until the PING sent on connection has been answered. */
const pingAnswered = (redis: ReturnType<typeof link>['link']) =>
  eventually(
    'the PING on connection to be answered',
    () => redis.status().counts.ok,
    (ok) => ok >= 1,
  )

describe('the Redis link at server start', () => {
  it('is not ready while connecting; ready once connected and its first PING answered', async () => {
    const { client, link: redis, advance } = link()
    expect(redis.status().ready).toBe(false)
    advance(500)
    expect(redis.status().ready).toBe(false)
    client.becomeReady()
    expect(redis.status()).toMatchObject({ ready: false, connected: true })
    await pingAnswered(redis)
    expect(redis.status()).toMatchObject({ ready: true, connected: true, counts: { ok: 1 } })
  })

  it('connected but with the breaker open (commands timed out during the start) is not ready until readyWaitMs', async () => {
    const { client, link: redis, advance } = link(3000, 5)
    client.ping = () => new Promise<string>(() => {})
    client.becomeReady()
    // The PING on connection and two more time out: three in a row open the breaker.
    await Promise.all([redis.run((c) => c.ping()), redis.run((c) => c.ping())])
    await eventually(
      'the PING on connection to time out too',
      () => redis.status().counts.timeout,
      (n) => n === 3,
    )
    expect(redis.status()).toMatchObject({ connected: true, breaker: 'open', ready: false, counts: { timeout: 3 } })
    advance(3000)
    expect(redis.status()).toMatchObject({ breaker: 'half-open', ready: true })
  })

  it('is ready after readyWaitMs without a connection: Redis down never keeps an instance out of the pool', () => {
    const { link: redis, advance } = link(3000)
    advance(2999)
    expect(redis.status().ready).toBe(false)
    advance(1)
    expect(redis.status()).toMatchObject({ ready: true, connected: false })
  })

  it('commands before the first connection are skipped without opening the breaker; after it they run', async () => {
    const { client, link: redis } = link()
    for (let i = 0; i < 5; i++) expect(await redis.run((c) => c.ping())).toBeUndefined()
    expect(redis.status()).toMatchObject({ breaker: 'closed', counts: { skipped: 5, failed: 0, opened: 0 } })
    client.becomeReady()
    expect(await redis.run((c) => c.ping())).toBe('PONG')
  })

  it('the first connection runs the write-backs of what was made while connecting', async () => {
    const { client, link: redis } = link()
    const recovered = jest.fn()
    redis.onRecovered(recovered)
    await redis.run((c) => c.ping())
    client.becomeReady()
    await new Promise((resolve) => setImmediate(resolve))
    expect(recovered).toHaveBeenCalledTimes(1)
  })
})

/**
 * A ready link beside a real socket to a peer in a process of its own, echoing what it is sent:
 * it answers while this one is still blocked, and marks each echo it has sent with a file.
 */
async function withEchoPeer(body: (socket: import('node:net').Socket, redis: ReturnType<typeof link>['link'], echoed: () => boolean) => Promise<void>) {
  const { spawn } = await import('node:child_process')
  const { connect } = await import('node:net')
  const marker = join(mkdtempSync(join(tmpdir(), 'echo-peer-')), 'echoed')
  const peer = spawn(process.execPath, [
    '-e',
    "const s = require('net').createServer((c) => c.on('error', () => {}).on('data', (d) => c.write(d, () => require('fs').writeFileSync(process.argv[1], '1')))).listen(0, '127.0.0.1', () => console.log(s.address().port))",
    marker,
  ])
  let socket: import('node:net').Socket | undefined
  try {
    const port = Number(await new Promise<string>((resolve) => peer.stdout.once('data', (data) => resolve(String(data)))))
    const connected = connect(port, '127.0.0.1')
    socket = connected
    await new Promise((resolve) => connected.once('connect', resolve))
    const { client, link: redis } = link()
    client.becomeReady()
    await pingAnswered(redis)
    // Once the test is over (passed or failed), a stall waiting for the echo ends.
    await body(connected, redis, () => connected.destroyed || existsSync(marker))
  } finally {
    socket?.destroy()
    peer.kill()
  }
}

/**
 * Holds the event loop, as a cold start's module loading does: for at least `ms`, and until
 * `done()` (the peer has sent its echo, which is then waiting in this process's socket). A
 * safety net ends a stall whose `done` never comes.
 */
function busy(ms: number, done: () => boolean = () => true) {
  const started = Date.now()
  while (Date.now() - started < ms || !done()) {
    if (Date.now() - started > 10_000) throw new Error('busy(): the peer never echoed')
  }
}

const echo = (socket: import('node:net').Socket) => new Promise((resolve) => socket.once('data', (data) => resolve(String(data))))

describe('the command timeout', () => {
  it('counts a reply that arrived while this process was busy as a reply, not a timeout', async () => {
    await withEchoPeer(async (socket, redis, peerEchoed) => {
      const echoed = redis.run(() => {
        const reply = echo(socket)
        socket.write('PONG')
        // Held past the 50 ms timeout after the write, and until the echo has arrived.
        busy(150, peerEchoed)
        return reply
      })
      expect(await echoed).toBe('PONG')
      expect(redis.status().counts).toMatchObject({ ok: 2, timeout: 0 })
    })
  })

  it('starts when the command is written: a stall between the call and the write is not a timeout', async () => {
    await withEchoPeer(async (socket, redis, peerEchoed) => {
      const echoed = redis.run(() => {
        const reply = echo(socket)
        // As node-redis does: the command is written in a setImmediate.
        setImmediate(() => socket.write('PONG'))
        return reply
      })
      // The caller goes on with a cold start's work before the event loop reaches that write…
      await Promise.resolve()
      busy(150)
      // …and after the write, a stall until the echo is back, so the peer's speed decides nothing:
      // the reply waits in the socket before the timer (started at the write) can end the command.
      setImmediate(() => busy(0, peerEchoed))
      expect(await echoed).toBe('PONG')
      expect(redis.status().counts).toMatchObject({ ok: 2, timeout: 0 })
    })
  })
})
