import { LANG_COOKIE, THEME_COOKIE } from '../i18n/languages'
import { ROUTE_STORAGE_KEY } from '../route-chooser/constants'
import { SYMBOL_STORAGE_KEYS } from './storage-keys'

it('the symbol caches use no SPEC §9 key another engine owns, and no key twice', () => {
  // The language and theme keys are cookies and (theme) a localStorage key; the route choice is localStorage.
  const others = [LANG_COOKIE, THEME_COOKIE, ROUTE_STORAGE_KEY]
  expect(SYMBOL_STORAGE_KEYS.filter((k) => others.includes(k))).toEqual([])
  expect(new Set(SYMBOL_STORAGE_KEYS).size).toBe(SYMBOL_STORAGE_KEYS.length)
})
