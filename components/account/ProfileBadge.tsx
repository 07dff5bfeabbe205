'use client'

import { useEffect, useState } from 'react'
import { useLocale } from 'next-intl'
import type { ProfileSource, UserProfile } from '@/lib/account/profile'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import { useClientRuntime } from '../runtime/ClientRuntime'

/** One source per language for the page's life, so its result cache outlives re-renders. */
const sources = new Map<string, Promise<ProfileSource>>()

/**
 * The request client and the profile call are a chunk of their own, loaded after hydration
 * (docs/decisions/client-wiring.md "First-load JavaScript"). The client goes to the API host in use.
 */
function sourceFor(runtime: ClientRuntime, language: { code: string; locale: string }): Promise<ProfileSource> {
  let source = sources.get(language.code)
  if (!source) {
    source = Promise.all([import('@/lib/browser-runtime/api-client'), import('@/lib/account/profile')]).then(([{ createApiClient }, { createProfileSource }]) =>
      createProfileSource(createApiClient(runtime, language)),
    )
    source.catch(() => sources.delete(language.code)) // a chunk that failed to load is tried again
    sources.set(language.code, source)
  }
  return source
}

/**
 * The signed-in user in the header (docs/decisions/client-wiring.md "/v2/private/user/profile"): asked once
 * the network layer is ready and again when the window gets focus; nothing when signed out.
 */
export function ProfileBadge({ lang }: { lang: string }) {
  const runtime = useClientRuntime()
  const locale = useLocale()
  const [profile, setProfile] = useState<UserProfile | null>(null)

  useEffect(() => {
    let active = true
    const load = (fresh: boolean) =>
      runtime.ready
        .then(() => sourceFor(runtime, { code: lang, locale }))
        .then((source) => source.load({ fresh }))
        .then((next) => active && setProfile(next))
        .catch(() => undefined) // the chunk failed to load: the header shows no profile
    void load(false)
    const onFocus = () => void load(true)
    window.addEventListener('focus', onFocus)
    return () => {
      active = false
      window.removeEventListener('focus', onFocus)
    }
  }, [runtime, lang, locale])

  if (!profile) return null
  return (
    <span className="profile" data-testid="profile" data-user-id={profile.userId} title={`UID ${profile.userId}`}>
      {profile.nickName || `UID ${profile.userId}`}
    </span>
  )
}
