'use client'

import { useHydrated } from './useHydrated'

const onServer = typeof window === 'undefined'

/**
 * Text the browser formats with Intl (plurals, compact numbers, ages): the server renders it,
 * hydration keeps the server's text as it is, and the browser formats it once hydrated, in the
 * transition that follows. A page's first Intl object loads the locale's ICU data, tens of
 * milliseconds on a phone; kept out of hydration, it no longer lengthens the longest task
 * (docs/decisions.md "Rendering without long tasks").
 */
export function FormattedText({ format, className }: { format: () => string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <span className={className} suppressHydrationWarning>
      {formattedOnceHydrated(hydrated, format)}
    </span>
  )
}

/** For a cell that already carries suppressHydrationWarning: the formatted text, or '' while hydrating. */
export function formattedOnceHydrated(hydrated: boolean, format: () => string): string {
  return onServer || hydrated ? format() : ''
}
