import { getRequestConfig } from 'next-intl/server'
import { formatLocale } from '@/lib/i18n/format-locale'
import { LANGUAGES, isLanguageCode } from '@/lib/i18n/languages'
import { loadMessages } from './messages'

// The route carries the seed code (tr-TUR) for URLs, cookies and the `lang` header; next-intl
// and every Intl call get the language's valid BCP 47 locale (tr-TR). docs/decisions/regions-and-languages.md
// "A spec code and a BCP 47 locale per language".
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale
  const language = requested && isLanguageCode(requested) ? LANGUAGES[requested] : LANGUAGES.en
  return {
    locale: formatLocale(language),
    messages: await loadMessages(language.messages),
    timeZone: 'UTC',
  }
})
