'use client'

import { useHydrated } from './useHydrated'

const onServer = typeof window === 'undefined'

/**
 * Text formatted per locale (plurals, compact numbers, ages): the server renders it, hydration
 * keeps the server's text as it is, and the browser formats it once hydrated, in the transition
 * that follows. It was kept out of hydration because a page's first Intl object loaded the
 * locale's ICU data; the browser now formats these with the server's figure formats and only
 * PluralRules (docs/decisions/pages.md "Rendering without long tasks", "Figure formats from the server").
 */
export function FormattedText({ format, className }: { format: () => string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <span className={className} suppressHydrationWarning>
      {formattedOnceHydrated(hydrated, format)}
    </span>
  )
}

/** The formatted text, or '' while hydrating. */
function formattedOnceHydrated(hydrated: boolean, format: () => string): string {
  return onServer || hydrated ? format() : ''
}
