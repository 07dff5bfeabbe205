'use client'

import { useTranslations } from 'next-intl'
import { LANG_COOKIE } from '@/lib/i18n/storage-keys'
import { swapLangPrefix } from '@/lib/i18n/path'
import { writePreferenceCookie } from './preference-cookie'
import { useHydrated } from './useHydrated'

export interface LanguageOption {
  code: string
  label: string
  /** BCP 47 tag for the option's `lang` attribute (the code, e.g. tr-TUR, is not one). */
  locale: string
}

/** The region's languages by their own names; choosing one persists it and keeps the page. */
export function LanguageSwitcher({ current, languages }: { current: string; languages: LanguageOption[] }) {
  const t = useTranslations('Header')
  const hydrated = useHydrated()
  function choose(code: string) {
    writePreferenceCookie(LANG_COOKIE, code)
    // A full navigation: <html lang/dir> belong to the root layout, which changes with the language.
    const known = languages.map((language) => language.code)
    window.location.assign(swapLangPrefix(window.location.pathname, code, known) + window.location.search)
  }
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language')}</span>
      <select aria-label={t('language')} disabled={!hydrated} value={current} onChange={(event) => choose(event.target.value)} data-testid="language-switcher">
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.locale}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  )
}
