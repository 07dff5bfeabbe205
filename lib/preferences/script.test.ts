import { preferenceScript } from './script'

const KEY = 'BYBIT_THEME_KEY'

/** Runs the inline script against a fake document; returns the attribute it set and whether storage was read. */
function run(cookie: string, stored: string | null, cookieEnabled = true): { applied?: string; readStorage: boolean } {
  const out: { applied?: string; readStorage: boolean } = { readStorage: false }
  const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => name === 'data-theme' && (out.applied = value) } }
  const localStorage = { getItem: (key: string) => ((out.readStorage = true), key === KEY ? stored : null) }
  new Function('document', 'localStorage', 'navigator', preferenceScript(KEY, ['day', 'night'], 'data-theme'))(document, localStorage, { cookieEnabled })
  return out
}

describe('preferenceScript', () => {
  it('applies the cookie, and never opens the storage while cookies work', () => {
    expect(run(`a=1; ${KEY}=day`, 'night')).toEqual({ applied: 'day', readStorage: false })
    expect(run(`${KEY}=night; b=2`, null)).toEqual({ applied: 'night', readStorage: false })
    // No cookie with cookies on: no choice was made (the switch writes both), so nothing is read.
    expect(run('', 'day')).toEqual({ readStorage: false })
  })

  it('reads the stored choice when the browser refuses cookies', () => {
    expect(run('', 'day', false)).toEqual({ applied: 'day', readStorage: true })
    expect(run('', null, false)).toEqual({ readStorage: true })
  })

  it('ignores values that are not a choice, in the cookie or the storage', () => {
    expect(run(`${KEY}=dayglow`, null).applied).toBeUndefined()
    expect(run(`${KEY}=<script>`, null).applied).toBeUndefined()
    expect(run('', 'evil', false).applied).toBeUndefined()
  })

  it('survives a storage that throws', () => {
    const document = { cookie: '', documentElement: { setAttribute: () => undefined } }
    const localStorage = {
      getItem: () => {
        throw new Error('blocked')
      },
    }
    expect(() =>
      new Function('document', 'localStorage', 'navigator', preferenceScript(KEY, ['day'], 'data-theme'))(document, localStorage, { cookieEnabled: false }),
    ).not.toThrow()
  })
})
