'use client'

import { useSyncExternalStore } from 'react'
import { useSWRConfig } from 'swr'
import { useTranslations } from 'next-intl'
import type { LoadFailure } from '@/lib/symbol-view/load-failure'

/** Per language: the failure of the browser's last symbol-list load (null: none). */
const failures = new Map<string, LoadFailure | null>()
const listeners = new Set<() => void>()

export function reportLoadFailure(language: string, failure: LoadFailure | null): void {
  failures.set(language, failure)
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The markets page's failure state: the browser's revalidation ended on a cached copy or the
 * built-in sample. The list shown stays; this says why, in the Errors.* words, with a retry.
 */
export function LoadFailureNotice({ lang }: { lang: string }) {
  const t = useTranslations('Errors')
  const { mutate } = useSWRConfig()
  const failure = useSyncExternalStore(
    subscribe,
    () => failures.get(lang) ?? null,
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
