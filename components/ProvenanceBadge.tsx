'use client'

import { useLocale, useTranslations } from 'next-intl'
import type { Provenance } from '@/lib/symbols/provenance'
import { provenanceAsShown } from '@/lib/symbols/shown'
import { formatAge, formatCount } from './format'
import { useNow } from './useNow'
import { FormattedText } from './FormattedText'

const SOURCE_KEY = { 'v3+all': 'source_v3', v2: 'source_v2', cache: 'source_cache', builtin: 'source_builtin' } as const

/**
 * Where the symbol list came from and how old it is when shown (docs/decisions/pages.md "Provenance
 * labels tell the age when shown"). The server renders the label as of the render; after
 * hydration the browser's clock decides, so a cached page of a live list turns into "Cached copy
 * · Updated 44 min ago". It names the list only: whether prices are live is the price's own mark
 * (docs/decisions/client-wiring.md "An honest live state"). The word that can change sits in a
 * grid cell sized for both of its wordings (the other one hidden, from CSS attributes, not text),
 * and the age comes last: the swap moves nothing on the page.
 */
export function ProvenanceBadge({ provenance }: { provenance: Provenance }) {
  const t = useTranslations('Provenance')
  const locale = useLocale()
  const shown = provenanceAsShown(provenance, useNow())
  const live = shown.state === 'live'
  // What each slot may show, fixed by the list alone, so the server render and hydration agree.
  const fresh = provenance.source === 'v3+all' || provenance.source === 'v2'
  const reserve = (a: string, b: string) => (fresh ? { 'data-reserve-a': a, 'data-reserve-b': b } : {})
  return (
    <p
      className={`provenance ${live ? 'is-live' : 'is-stale'}`}
      data-testid="provenance"
      data-source={provenance.source}
      data-state={shown.state}
      data-stale={!live}
      data-age-ms={shown.ageMs ?? undefined}
      data-fetched-at={provenance.fetchedAt}
    >
      <span className="provenance-slot is-state" {...reserve(t(SOURCE_KEY[provenance.source]), t('source_cache'))}>
        <strong>{t(SOURCE_KEY[shown.source])}</strong>
      </span>
      {provenance.dropped > 0 ? (
        <>
          {' '}
          · <FormattedText format={() => t('dropped', { count: provenance.dropped, shown: formatCount(locale, provenance.dropped) })} />
        </>
      ) : null}
      {shown.ageMs !== null ? (
        <>
          {' '}
          · <FormattedText format={() => t('updated', { age: formatAge(locale, shown.ageMs ?? 0) })} />
        </>
      ) : null}
    </p>
  )
}
