import { REGION_IDS } from '../regions/regions'
import { REGION_UPDOWN, UPDOWN_KEY, isUpDown, upDownScript } from './updown'

describe('rise and fall colours', () => {
  it('has a default for every region', () => {
    for (const id of REGION_IDS) expect(isUpDown(REGION_UPDOWN[id])).toBe(true)
  })

  // The inline script runs in a fake document: the cookie, the stored value only without cookies, junk ignored.
  function run(cookie: string, stored: string | null, cookieEnabled = true): string | undefined {
    let applied: string | undefined
    const document = { cookie, documentElement: { setAttribute: (name: string, v: string) => name === 'data-updown' && (applied = v) } }
    const localStorage = { getItem: (key: string) => (key === UPDOWN_KEY ? stored : null) }
    new Function('document', 'localStorage', 'navigator', upDownScript())(document, localStorage, { cookieEnabled })
    return applied
  }

  it('applies the cookie before the stored value, and ignores anything else', () => {
    expect(run(`a=1; ${UPDOWN_KEY}=red-up`, 'green-up')).toBe('red-up')
    expect(run('', 'red-up', false)).toBe('red-up')
    expect(run('', 'red-up')).toBeUndefined()
    expect(run(`${UPDOWN_KEY}=blue-up`, 'evil', false)).toBeUndefined()
    expect(run('', null)).toBeUndefined()
  })
})
