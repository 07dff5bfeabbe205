'use client'

import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { LanguageSwitcher, type LanguageOption } from './LanguageSwitcher'
import { ThemeSwitch } from './ThemeSwitch'
import { UpDownSwitch } from './market/UpDownSwitch'
import type { UpDown } from '@/lib/market-data/updown'
import { NetworkPanel } from './network/NetworkPanel'
import { ProfileBadge } from './account/ProfileBadge'
import { useHydrated } from './useHydrated'

/**
 * On a phone the tools fold behind a menu button (docs/decisions/pages.md "Touch targets, phone
 * columns and contrast"); from
 * 720 px they sit in the bar and the button is hidden. Both layouts are CSS, so nothing moves.
 * The tools are the page's settings: the rise/fall colours sit beside the theme, where a phone
 * user looks for a preference, not above the pair's price.
 */
export function Header({ lang, languages, upDown }: { lang: string; languages: LanguageOption[]; upDown: UpDown }) {
  const t = useTranslations('Header')
  const [open, setOpen] = useState(false)
  return (
    <header className="site-header" data-menu-open={open}>
      <a className="skip" href="#content">
        {t('skipToContent')}
      </a>
      <a className="brand" href={`/${lang}`}>
        {t('markets')}
      </a>
      <ProfileBadge lang={lang} />
      <MenuToggle open={open} onToggle={() => setOpen(!open)} label={t('menu')} />
      <div className="header-tools" id="header-tools">
        <NetworkPanel />
        <LanguageSwitcher current={lang} languages={languages} />
        <ThemeSwitch />
        <UpDownSwitch regionDefault={upDown} />
      </div>
    </header>
  )
}

/**
 * The menu button, enabled once hydrated: a component of its own, so the hydration flip
 * re-renders the button, not the whole header with its tools (docs/decisions/pages.md "One
 * render per flush").
 */
function MenuToggle({ open, onToggle, label }: { open: boolean; onToggle: () => void; label: string }) {
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className="menu-toggle"
      disabled={!hydrated}
      aria-expanded={open}
      aria-controls="header-tools"
      onClick={onToggle}
      data-testid="menu-toggle"
    >
      <span aria-hidden="true">☰</span> {label}
    </button>
  )
}
