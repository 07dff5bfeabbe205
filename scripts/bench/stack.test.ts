import { siteEnv } from './stack'
import { simPortsFrom } from '../support/ports'

describe('the bench site environment', () => {
  it("points the browser's upstream calls and fast-path websocket at the given simulator", () => {
    const sim = simPortsFrom(6701)
    const env = siteEnv(6700, {}, sim)
    expect(env.API_HOSTS).toBe('http://127.0.0.1:6702,http://127.0.0.1:6703,http://127.0.0.1:6704')
    expect(env.FAST_PATH_HOSTS).toBe('http://127.0.0.1:6705')
    // Left to DEMO_DEFAULTS, the websocket would be the demo simulator's (4013): refused.
    expect(env.FAST_PATH_WS_URL).toBe('ws://127.0.0.1:6705/ws')
  })
})
