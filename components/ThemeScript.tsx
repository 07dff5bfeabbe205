import { THEME_COOKIE } from '@/lib/i18n/storage-keys'
import { preferenceScript } from '@/lib/preferences/script'

/**
 * Sets data-theme from BYBIT_THEME_KEY before the first paint, so a day-theme user never sees
 * the night theme flash (Next docs: "Preventing flash before hydration"). Pages stay static:
 * the server always renders the default and this script corrects it in the browser.
 */
const script = preferenceScript(THEME_COOKIE, ['day', 'night'], 'data-theme')

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
