import { redisReadiness } from '@/server/fleet/fleet'
import { symbolListStatus } from '@/server/symbol-list/symbols'
import { GET } from './route'

jest.mock('@/server/fleet/fleet', () => ({ redisReadiness: jest.fn() }))
jest.mock('@/server/symbol-list/symbols', () => ({ symbolListStatus: jest.fn() }))
jest.mock('@/server/config/site-config', () => ({ getSiteConfig: () => ({}) }))
jest.mock('@/server/ops/observability', () => ({ metrics: { ready: { set: jest.fn() } } }))

const readiness = jest.mocked(redisReadiness)
const lists = jest.mocked(symbolListStatus)

describe('/api/ready in fleet mode', () => {
  beforeEach(() => jest.resetAllMocks())

  it('asks for no symbol list while the Redis link connects (they would come from the upstream, not the fleet)', async () => {
    readiness.mockReturnValue('connecting')
    const answer = await GET()
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ status: 'not-ready', missing: [], redis: 'connecting' })
    expect(lists).not.toHaveBeenCalled()
  })

  it('once the link is ready, asks for the lists; a breaker opened while they loaded keeps it not ready', async () => {
    readiness.mockReturnValue('connected')
    lists.mockResolvedValue({ main: { usable: true } } as never)
    expect((await GET()).status).toBe(200)
    readiness.mockReturnValueOnce('connected').mockReturnValueOnce('connecting')
    const answer = await GET()
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ redis: 'connecting' })
    expect(lists).toHaveBeenCalledTimes(2)
  })

  it('Redis unavailable after the ready wait: ready on the lists alone', async () => {
    readiness.mockReturnValue('unavailable')
    lists.mockResolvedValue({ main: { usable: true } } as never)
    const answer = await GET()
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ status: 'ready', missing: [], redis: 'unavailable' })
  })
})
