'use client'

import { useState } from 'react'
import { useTranslations } from 'next-intl'
import type { NativeBridge } from '@/lib/webview/bridge'
import { appOffer, type AppOffer } from '@/lib/webview/offer'
import { useClientSnapshot } from '../useHydrated'

declare global {
  interface Window {
    /** Injected by the exchange app's webview (docs/decisions/network-layer.md "Webview user agent"). */
    bybitBridge?: NativeBridge
  }
}

const never = () => () => {}

/**
 * "Open the app" on phone browsers, "Trade in the app" inside the app's webview, nothing on a
 * desktop (docs/decisions/network-layer.md "Open the app: phones only"). Decided in the browser: the page is
 * static, so the server HTML has no control and phones reserve its height in CSS (no shift).
 */
export function OpenInApp({ symbolId }: { symbolId: string }) {
  const t = useTranslations('Webview')
  const errors = useTranslations('Errors')
  const [notice, setNotice] = useState<string | null>(null)
  const offer = useClientSnapshot<AppOffer>(never, () => appOffer({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }), 'none')
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
    <div className="open-in-app" data-offer={offer}>
      {offer === 'none' ? null : (
        <button type="button" onClick={() => void open()} data-testid="open-in-app">
          {offer === 'open-app' ? t('openApp') : t('tradeInApp')}
        </button>
      )}
      {notice ? (
        <p role="alert" className="notice" data-testid="webview-notice">
          {notice}
        </p>
      ) : null}
    </div>
  )
}
