'use client'

/**
 * Shown only when the site's layout itself fails, so no language and no messages are known:
 * plain English and a link to the host's home, which picks the language again
 * (docs/decisions/pages.md "Error pages"). It replaces the layout, so it brings its own document.
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem' }}>
        <title>Something went wrong</title>
        <main data-testid="global-error">
          <h1>Something went wrong.</h1>
          <p>
            <button type="button" onClick={() => retry()}>
              Try again
            </button>{' '}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the layout itself failed */}
            <a href="/">Go to markets</a>
          </p>
        </main>
      </body>
    </html>
  )
}
