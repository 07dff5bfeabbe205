'use client'

import type { ReactNode } from 'react'
import { primeFigureFormats, type FigureFormats } from '@/lib/i18n/figure-formats'

/**
 * Hands the page's figure formats (read from Intl on the server) to the browser's formatting
 * before any child renders, so no client component builds an Intl number or date formatter
 * (docs/decisions/pages.md "Figure formats from the server"). Priming is idempotent.
 */
export function FigureFormatsProvider({ formats, children }: { formats: FigureFormats; children: ReactNode }) {
  primeFigureFormats(formats)
  return children
}
