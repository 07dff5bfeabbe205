'use client'

import { useState } from 'react'
import { monogram } from '@/lib/symbol-view/monogram'

/**
 * A pair's icon that never shows as broken (docs/decisions/pages.md "Icons"): the
 * monogram is painted first and the image covers it once it loads; an image that fails (before
 * or after hydration) or has no URL is removed, leaving the monogram.
 */
export function PairIcon({ coin, src, className, size = 32 }: { coin: string; src: string; className?: string; size?: number }) {
  const [failed, setFailed] = useState(!src)
  const mark = monogram(coin)
  return (
    <span
      className={`pair-icon ${className ?? ''}`}
      style={{ width: size, height: size, background: mark.background }}
      data-testid="pair-icon"
      data-failed={failed}
    >
      <span aria-hidden="true" className="monogram">
        {mark.letters}
      </span>
      {failed ? null : (
        // eslint-disable-next-line @next/next/no-img-element -- tiny SVG icons from the exchange CDN; next/image would proxy them through this server
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          // Lazy: no preload in the head ahead of the page's scripts, and the other theme's icon
          // (display: none) is never fetched (docs/decisions/pages.md "Styles inlined in the HTML").
          loading="lazy"
          // An error that fired before React hydrated is seen here: complete with no pixels.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailed(true)
          }}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  )
}
