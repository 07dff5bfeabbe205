import { THEME_COOKIE } from '@/lib/i18n/languages'

/**
 * Sets data-theme from BYBIT_THEME_KEY before the first paint, so a day-theme user never sees
 * the night theme flash (Next docs: "Preventing flash before hydration"). Pages stay static:
 * the server always renders the default and this script corrects it in the browser.
 */
const script = `try{var m=document.cookie.match(/(?:^|;\\s*)${THEME_COOKIE}=(day|night)/);var t=m?m[1]:localStorage.getItem('${THEME_COOKIE}');if(t==='day'||t==='night')document.documentElement.setAttribute('data-theme',t)}catch(e){}`

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
