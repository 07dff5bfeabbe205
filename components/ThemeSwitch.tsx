'use client'

import { useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { THEME_COOKIE } from '@/lib/i18n/languages'
import { writePreferenceCookie } from './preference-cookie'
import { useHydrated } from './useHydrated'

type Theme = 'day' | 'night'

function readTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'day' ? 'day' : 'night'
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

export function ThemeSwitch() {
  const t = useTranslations('Header')
  const hydrated = useHydrated()
  // The server renders "night"; ThemeScript may already have switched the DOM before hydration.
  const theme = useSyncExternalStore<Theme>(subscribe, readTheme, () => 'night')
  function toggle() {
    const next: Theme = theme === 'day' ? 'night' : 'day'
    document.documentElement.setAttribute('data-theme', next)
    writePreferenceCookie(THEME_COOKIE, next)
    try {
      localStorage.setItem(THEME_COOKIE, next)
    } catch {
      // Storage may be blocked (private mode); the cookie alone keeps the choice.
    }
  }
  return (
    // The name starts with the visible word's label, so voice control finds it by what it shows.
    <button type="button" className="theme-switch" disabled={!hydrated} onClick={toggle} data-testid="theme-switch" data-theme-value={theme}>
      <span className="visually-hidden">{t('theme')}: </span>
      {theme === 'day' ? t('themeDay') : t('themeNight')}
    </button>
  )
}
