'use client'

import { useParams } from 'next/navigation'
import { useTranslations } from 'next-intl'

/**
 * A page that throws (a pair the cached list cannot confirm, an upstream bug) shows this inside
 * the site's layout, in the page's language, with a retry and a way back to the markets
 * (docs/decisions/pages.md "Error pages"). The digest is the id the server logged the error under.
 */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('Errors')
  const { lang } = useParams<{ lang: string }>()
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined
  return (
    <section data-testid="page-error" data-digest={digest}>
      <h1>{t('generic')}</h1>
      <p>
        <button type="button" onClick={() => retry()}>
          {t('retry')}
        </button>{' '}
        <a href={`/${lang}`}>{t('home')}</a>
      </p>
    </section>
  )
}
