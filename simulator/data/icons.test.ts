import { startSimulator } from '../http/server'
import { iconSvg, iconUrl, SIM_ICON_ORIGIN, withIconOrigin } from './icons'
import { generateGroups } from './pairs'

describe('simulator icons', () => {
  it('every pair names an icon the simulator serves, on the main host', () => {
    const pairs = generateGroups(1).flatMap((g) => g.pairs)
    for (const pair of pairs.slice(0, 50)) {
      expect(pair.iconUrl.startsWith(`${SIM_ICON_ORIGIN}/icons/night/`)).toBe(true)
      expect(iconSvg(new URL(pair.iconUrl).pathname)).toContain('<svg')
      expect(iconSvg(new URL(pair.iconDayUrl).pathname)).toContain('<svg')
    }
  })
  it('only icon paths are icons', () => {
    expect(iconSvg('/icons/night/../x.svg')).toBeNull()
    expect(iconSvg('/icons/dusk/btc.svg')).toBeNull()
    expect(iconSvg('/spot/api/basic/symbol_list_v3')).toBeNull()
  })
  it('a real simulator answers GET /icons/… with an SVG', async () => {
    const sim = await startSimulator({ ports: { main: 0, alt1: 0, alt2: 0, fastPath: 0, admin: 0 } })
    try {
      const url = new URL(iconUrl('day', 'BTC'))
      const res = await fetch(`${sim.urls.main}${url.pathname}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toContain('>BTC</text>')
    } finally {
      await sim.close()
    }
  })
})

describe('withIconOrigin', () => {
  it('moves the icon URLs of a pair to another simulator origin and leaves other URLs alone', () => {
    const pair = { symbolId: 'BTCUSDT', iconUrl: iconUrl('night', 'BTC'), iconDayUrl: iconUrl('day', 'BTC') }
    const moved = withIconOrigin(pair, 'http://127.0.0.1:6701')
    expect(moved.iconUrl).toBe('http://127.0.0.1:6701/icons/night/btc.svg')
    expect(moved.iconDayUrl).toBe('http://127.0.0.1:6701/icons/day/btc.svg')
    expect(pair.iconUrl.startsWith(SIM_ICON_ORIGIN)).toBe(true)
    expect(withIconOrigin(pair, SIM_ICON_ORIGIN)).toBe(pair)
    const foreign = { iconUrl: 'https://cdn.example/x.svg', iconDayUrl: '' }
    expect(withIconOrigin(foreign, 'http://127.0.0.1:6701')).toEqual(foreign)
  })
})
