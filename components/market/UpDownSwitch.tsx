'use client'

import { useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { UPDOWN_KEY, type UpDown } from '@/lib/market-data/updown'
import { writePreferenceCookie } from '../preference-cookie'
import { useHydrated } from '../useHydrated'

const read = (): UpDown => (document.documentElement.getAttribute('data-updown') === 'red-up' ? 'red-up' : 'green-up')

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-updown'] })
  return () => observer.disconnect()
}

/** The one writer of UPDOWN_KEY: the user's rise/fall colours (docs/decisions.md "Rise and fall colours per region"). */
export function UpDownSwitch({ regionDefault }: { regionDefault: UpDown }) {
  const t = useTranslations('Market')
  const hydrated = useHydrated()
  const value = useSyncExternalStore<UpDown>(subscribe, read, () => regionDefault)
  function choose(next: UpDown) {
    document.documentElement.setAttribute('data-updown', next)
    writePreferenceCookie(UPDOWN_KEY, next)
    try {
      localStorage.setItem(UPDOWN_KEY, next)
    } catch {
      // Storage blocked: the cookie alone keeps the choice.
    }
  }
  return (
    <label className="updown-switch">
      {t('colours')}{' '}
      <select value={value} disabled={!hydrated} onChange={(e) => choose(e.target.value === 'red-up' ? 'red-up' : 'green-up')} data-testid="updown-switch">
        <option value="green-up">{t('greenUp')}</option>
        <option value="red-up">{t('redUp')}</option>
      </select>
    </label>
  )
}
