import { getTranslations } from 'next-intl/server'
import type { Language } from '@/lib/i18n/languages'
import { helpCentreUrl } from '@/lib/i18n/help-centre'

/** Site footer: the help centre in the page language's help-centre locale (SPEC §3 map). */
export async function Footer({ language }: { language: Language }) {
  const t = await getTranslations('Footer')
  return (
    <footer className="site-footer">
      <a href={helpCentreUrl(language.helpLocale)} hrefLang={language.helpLocale} rel="noopener" data-testid="help-centre">
        {t('helpCentre')}
      </a>
    </footer>
  )
}
