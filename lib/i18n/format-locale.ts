import type { Language } from './languages'

const read = new Map<string, string>()

/**
 * The locale figures are formatted in: the language's BCP 47 locale with Latin digits forced
 * (`-u-nu-latn`), so Arabic pages show 0.0001 and 3× as exchanges do, not ٠٫٠٠٠١
 * (docs/decisions/pages.md "Figure formats from the server"). `<html lang>` keeps the plain locale.
 */
export function formatLocale(language: Pick<Language, 'locale'>): string {
  // Once per locale: a pair page's render asks five times (twice in the layout, three times in the page), and each answer built an Intl.NumberFormat.
  let tag = read.get(language.locale)
  if (tag === undefined) {
    const numberingSystem = new Intl.NumberFormat(language.locale).resolvedOptions().numberingSystem
    read.set(language.locale, (tag = numberingSystem === 'latn' ? language.locale : `${language.locale}-u-nu-latn`))
  }
  return tag
}
