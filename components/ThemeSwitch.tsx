'use client'

import { useTranslations } from 'next-intl'
import { THEME_COOKIE } from '@/lib/i18n/storage-keys'
import { saveHtmlPreference, useHtmlPreference } from './html-preference'
import { useHydrated } from './useHydrated'

type Theme = 'day' | 'night'

const readTheme = (value: string | null): Theme => (value === 'day' ? 'day' : 'night')

export function ThemeSwitch() {
  const t = useTranslations('Header')
  const hydrated = useHydrated()
  // The server renders "night"; ThemeScript may already have switched the DOM before hydration.
  const theme = useHtmlPreference<Theme>('data-theme', readTheme, 'night')
  const toggle = () => saveHtmlPreference('data-theme', THEME_COOKIE, theme === 'day' ? 'night' : 'day')
  return (
    // The name starts with the visible word's label, so voice control finds it by what it shows.
    <button type="button" className="theme-switch" disabled={!hydrated} onClick={toggle} data-testid="theme-switch" data-theme-value={theme}>
      <span className="visually-hidden">{t('theme')}: </span>
      {theme === 'day' ? t('themeDay') : t('themeNight')}
    </button>
  )
}
