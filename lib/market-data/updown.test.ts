import { REGION_IDS } from '../regions/regions'
import { REGION_UPDOWN, UPDOWN_KEY, isUpDown, upDownScript } from './updown'

describe('rise and fall colours', () => {
  it('has a default for every region', () => {
    for (const id of REGION_IDS) expect(isUpDown(REGION_UPDOWN[id])).toBe(true)
  })

  // The inline script runs in a fake document: cookie first, then localStorage, junk ignored.
  function run(cookie: string, stored: string | null): string | undefined {
    let applied: string | undefined
    const document = { cookie, documentElement: { setAttribute: (_: string, v: string) => (applied = v) } }
    const localStorage = { getItem: (key: string) => (key === UPDOWN_KEY ? stored : null) }
    new Function('document', 'localStorage', upDownScript())(document, localStorage)
    return applied
  }

  it('applies the cookie before the stored value, and ignores anything else', () => {
    expect(run(`a=1; ${UPDOWN_KEY}=red-up`, 'green-up')).toBe('red-up')
    expect(run('', 'red-up')).toBe('red-up')
    expect(run(`${UPDOWN_KEY}=blue-up`, 'evil')).toBeUndefined()
    expect(run('', null)).toBeUndefined()
  })
})
