import type { HelpLocale } from './locale-maps'

/**
 * The exchange's help centre: a fixed external origin, never derived from the request
 * (docs/decisions/regions-and-languages.md "Chart-widget and help-centre locales"). The path
 * carries the help-centre locale.
 */
export const HELP_CENTRE_ORIGIN = 'https://www.bybit.com'

export function helpCentreUrl(locale: HelpLocale): string {
  return `${HELP_CENTRE_ORIGIN}/${locale}/help-center/`
}
