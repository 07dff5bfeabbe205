'use client'

import { useTranslations } from 'next-intl'
import { UPDOWN_KEY, type UpDown } from '@/lib/market-data/updown'
import { saveHtmlPreference, useHtmlPreference } from '../html-preference'
import { useHydrated } from '../useHydrated'

const read = (value: string | null): UpDown => (value === 'red-up' ? 'red-up' : 'green-up')

/** The one writer of UPDOWN_KEY: the user's rise/fall colours (docs/decisions/site-routing.md "Rise and fall colours per region"). */
export function UpDownSwitch({ regionDefault }: { regionDefault: UpDown }) {
  const t = useTranslations('Market')
  const hydrated = useHydrated()
  const value = useHtmlPreference<UpDown>('data-updown', read, regionDefault)
  const choose = (next: UpDown) => saveHtmlPreference('data-updown', UPDOWN_KEY, next)
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
