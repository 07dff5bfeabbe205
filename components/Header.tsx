'use client'

import { useTranslations } from 'next-intl'
import { LanguageSwitcher, type LanguageOption } from './LanguageSwitcher'
import { ThemeSwitch } from './ThemeSwitch'
import { NetworkPanel } from './network/NetworkPanel'
import { ProfileBadge } from './account/ProfileBadge'

export function Header({ lang, languages }: { lang: string; languages: LanguageOption[] }) {
  const t = useTranslations('Header')
  return (
    <header className="site-header">
      <a className="skip" href="#content">
        {t('skipToContent')}
      </a>
      <a className="brand" href={`/${lang}`}>
        {t('markets')}
      </a>
      <div className="header-tools">
        <ProfileBadge lang={lang} />
        <NetworkPanel />
        <LanguageSwitcher current={lang} languages={languages} />
        <ThemeSwitch />
      </div>
    </header>
  )
}
