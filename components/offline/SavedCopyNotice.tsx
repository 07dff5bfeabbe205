'use client'

import { useLocale, useTranslations } from 'next-intl'
import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import { browserTimers } from '@/lib/browser-runtime/browser-env'
import { inLaterTask } from '@/lib/engine-kit/later-task'
import { ageMinutes, RENDERED_AT_ATTRIBUTE, SAVED_COPY_ATTRIBUTE, showsAge } from '@/lib/offline/marks'
import { OLD_PAGE_MS } from '@/lib/offline/policy'
import { useNow } from '../useNow'

/** The render time of the first page this document showed: the saved-copy mark is about that page only. */
let documentRenderedAt: string | undefined

function isSavedCopy(renderedAt: string): boolean {
  documentRenderedAt ??= renderedAt
  return documentRenderedAt === renderedAt && document.documentElement.hasAttribute(SAVED_COPY_ATTRIBUTE)
}

/** The render time the page shown carries (./RenderTimeMark.tsx); null on a page without one. */
function shownPageRenderedAt(): string | null {
  return document.querySelector(`[${RENDERED_AT_ATTRIBUTE}]`)?.getAttribute(RENDERED_AT_ATTRIBUTE) ?? null
}

/** "5 minutes ago", "3 hours ago", "2 days ago" in the page's language (Intl's own words, Latin digits from the locale). */
function relativeAge(minutes: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (minutes < 60) return format.format(-minutes, 'minute')
  if (minutes < 48 * 60) return format.format(-Math.floor(minutes / 60), 'hour')
  return format.format(-Math.floor(minutes / (24 * 60)), 'day')
}

/**
 * "Saved copy · 5 minutes ago" over the page's foot when the page came from the service worker's
 * cache, or when its render is older than pages ever are in normal service (an edge copy kept
 * through an outage). An overlay: nothing moves when it appears (docs/decisions/offline.md "The
 * saved-copy notice"). The page's render time is in its HTML; the notice, in the offline layer's
 * chunk, reads it after each page is shown.
 */
export function SavedCopyNotice() {
  const t = useTranslations('SavedCopy')
  const locale = useLocale()
  const now = useNow()
  const pathname = usePathname()
  const [renderedAt, setRenderedAt] = useState<string | null>(null)
  // Read after the commit that shows a page (its mark is in the document only then), in a task of its own.
  useEffect(() => inLaterTask(browserTimers, () => setRenderedAt(shownPageRenderedAt())), [pathname])
  const rendered = renderedAt === null ? NaN : Date.parse(renderedAt)
  const shown = now !== null && renderedAt !== null && Number.isFinite(rendered) && showsAge(rendered, now, isSavedCopy(renderedAt), OLD_PAGE_MS)
  return (
    <p className="saved-copy" role="status" hidden={!shown}>
      {shown ? t('notice', { age: relativeAge(ageMinutes(rendered, now), locale) }) : null}
    </p>
  )
}
