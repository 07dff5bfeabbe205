/**
 * The price chart's locale, from the chart-widget locale map (lib/i18n/locale-maps.ts,
 * docs/decisions/regions-and-languages.md "Chart-widget and help-centre locales"): the widget's codes use an
 * underscore (zh_TW, nl_NL), lightweight-charts formats with Intl and needs a BCP 47 tag, and the
 * figures keep Latin digits (docs/decisions/pages.md "Figure formats from the server").
 */
export function chartIntlLocale(chartLocale: string): string {
  const tag = chartLocale.replace(/_/g, '-')
  try {
    return new Intl.Locale(tag, { numberingSystem: 'latn' }).toString()
  } catch {
    return 'en-u-nu-latn'
  }
}
