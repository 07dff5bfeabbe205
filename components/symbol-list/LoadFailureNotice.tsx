'use client'

import { useSyncExternalStore } from 'react'
import { useSWRConfig } from 'swr'
import { useTranslations } from 'next-intl'
import { createExternalStore } from '@/lib/engine-kit/external-store'
import type { LoadFailure } from '@/lib/symbol-view/load-failure'

/** Per language: the failure of the browser's last symbol-list load (null: none). */
const failures = createExternalStore<Readonly<Record<string, LoadFailure | null>>>({})

export function reportLoadFailure(language: string, failure: LoadFailure | null): void {
  failures.update((all) => (all[language] === failure ? all : { ...all, [language]: failure }))
}

/**
 * The markets page's failure state: the browser's revalidation ended on a cached copy or the
 * built-in sample. The list shown stays; this says why, in the Errors.* words, with a retry.
 */
export function LoadFailureNotice({ lang }: { lang: string }) {
  const t = useTranslations('Errors')
  const { mutate } = useSWRConfig()
  const failure = useSyncExternalStore(
    failures.subscribe,
    () => failures.getSnapshot()[lang] ?? null,
    () => null,
  )
  if (!failure) return null
  return (
    <p className="load-failure" role="alert" data-testid="load-failure">
      <span>{'key' in failure ? t(failure.key) : failure.text}</span>{' '}
      <button type="button" onClick={() => void mutate(['markets', lang])}>
        {t('retry')}
      </button>
    </p>
  )
}
