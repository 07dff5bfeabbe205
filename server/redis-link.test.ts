import { EventEmitter } from 'node:events'
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

function link(settleMs = 3000) {
  const client = fakeClient()
  let time = 1_000
  const made = createRedisLink({ url: 'redis://fake', settleMs, threshold: 3, cooldownMs: 1000, now: () => time, createClient: () => client })
  return { client, link: made, advance: (ms: number) => (time += ms) }
}

describe('the Redis link at server start', () => {
  it('is not settled while connecting; settled once connected', () => {
    const { client, link: redis, advance } = link()
    expect(redis.status().settled).toBe(false)
    advance(500)
    expect(redis.status().settled).toBe(false)
    client.becomeReady()
    expect(redis.status()).toMatchObject({ settled: true, connected: true })
  })

  it('settles after settleMs without a connection: Redis down never keeps an instance out of the pool', () => {
    const { link: redis, advance } = link(3000)
    advance(2999)
    expect(redis.status().settled).toBe(false)
    advance(1)
    expect(redis.status()).toMatchObject({ settled: true, connected: false })
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
