import { useCallback, useSyncExternalStore } from 'react'
import { writePreferenceCookie } from './preference-cookie'

/**
 * A display preference that lives on <html> as a data attribute (theme, rise/fall colours): the
 * inline script applies it before the first paint, and these read and save it afterwards.
 */
export function useHtmlPreference<T extends string>(attribute: string, read: (value: string | null) => T, serverValue: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const observer = new MutationObserver(onChange)
      observer.observe(document.documentElement, { attributes: true, attributeFilter: [attribute] })
      return () => observer.disconnect()
    },
    [attribute],
  )
  const snapshot = useCallback(() => read(document.documentElement.getAttribute(attribute)), [attribute, read])
  return useSyncExternalStore<T>(subscribe, snapshot, () => serverValue)
}

/** Applies the choice at once and keeps it in its cookie (read by the server) and in localStorage. */
export function saveHtmlPreference(attribute: string, key: string, value: string): void {
  document.documentElement.setAttribute(attribute, value)
  writePreferenceCookie(key, value)
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage may be blocked (private mode); the cookie alone keeps the choice.
  }
}
