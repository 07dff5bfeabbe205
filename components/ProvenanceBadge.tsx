'use client'

import { useLocale, useTranslations } from 'next-intl'
import { isStale, type Provenance } from '@/lib/symbols/provenance'
import { formatAge } from './format'
import { useNow } from './useNow'

/** Where the pair list came from and how old it is; "stale" for a cached copy or the sample. */
export function ProvenanceBadge({ provenance }: { provenance: Provenance }) {
  const t = useTranslations('Provenance')
  const locale = useLocale()
  const now = useNow()
  const stale = isStale(provenance)
  const source = provenance.source === 'v3+all' ? 'source_v3' : (`source_${provenance.source}` as const)
  // On the server, the age the list had when the page was rendered; in the browser, its age now.
  const ageMs = now === null ? (provenance.ageMs ?? 0) : now - provenance.fetchedAt
  return (
    <p className={`provenance ${stale ? 'is-stale' : 'is-live'}`} data-testid="provenance" data-source={provenance.source} data-stale={stale}>
      <strong>{stale ? t('stale') : t('live')}</strong> · {t(source)} ·{' '}
      <span suppressHydrationWarning>{t('updated', { age: formatAge(locale, ageMs) })}</span>
      {provenance.dropped > 0 ? <> · {t('dropped', { count: provenance.dropped })}</> : null}
    </p>
  )
}
