'use client'

import { useState } from 'react'
import { useTranslations } from 'next-intl'
import type { NativeBridge } from '@/lib/webview/bridge'
import { useHydrated } from '../useHydrated'

declare global {
  interface Window {
    /** Injected by the exchange app's webview (docs/decisions.md "Webview user agent"). */
    bybitBridge?: NativeBridge
  }
}

/** "Open in the app": calls the native bridge, and outside a suitable webview shows the notice. */
export function OpenInApp({ symbolId }: { symbolId: string }) {
  const t = useTranslations('Webview')
  const errors = useTranslations('Errors')
  const [notice, setNotice] = useState<string | null>(null)
  const hydrated = useHydrated()
  async function open() {
    try {
      // The bridge and the version parsing load on the first click, not with the page.
      const { callBridge, isWebviewRequiredError } = await import('@/lib/webview/bridge')
      try {
        await callBridge('openSpotTrade', { symbolId }, { userAgent: navigator.userAgent, bridge: window.bybitBridge })
        setNotice(null)
      } catch (error) {
        if (!isWebviewRequiredError(error)) throw error
        setNotice(t('required', { version: error.requiredVersion }))
      }
    } catch {
      // The app's bridge refused, or the chunk did not load: say so. The click handler is the
      // end of the chain, so nothing may escape it as an unhandled rejection.
      setNotice(errors('generic'))
    }
  }
  return (
    <div className="open-in-app">
      <button type="button" disabled={!hydrated} onClick={() => void open()} data-testid="open-in-app">
        {t('openApp')}
      </button>
      {notice ? (
        <p role="alert" className="notice" data-testid="webview-notice">
          {notice}
        </p>
      ) : null}
    </div>
  )
}
