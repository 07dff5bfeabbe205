import type { Language } from './languages'

/**
 * The locale figures are formatted in: the language's BCP 47 locale with Latin digits forced
 * (`-u-nu-latn`), so Arabic pages show 0.0001 and 3× as exchanges do, not ٠٫٠٠٠١
 * (docs/decisions.md "Latin digits for figures"). `<html lang>` keeps the plain locale.
 */
export function formatLocale(language: Pick<Language, 'locale'>): string {
  const numberingSystem = new Intl.NumberFormat(language.locale).resolvedOptions().numberingSystem
  return numberingSystem === 'latn' ? language.locale : `${language.locale}-u-nu-latn`
}
