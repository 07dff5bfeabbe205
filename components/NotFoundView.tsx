import { Suspense } from 'react'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

/**
 * The translated not-found page: a title, a sentence and the way back to the markets. The
 * document title is rendered here (React puts it in <head>): a 404's metadata comes from the
 * not-found boundary, and a generateMetadata there would read headers() and make the static
 * pair pages dynamic (docs/decisions/pages.md "The 404 page is rendered on the server").
 */
export async function NotFoundView({ home }: { home: string }) {
  const t = await getTranslations('NotFound')
  return (
    <section className="not-found" data-testid="not-found">
      <title>{t('title')}</title>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <p>
        <Link href={home}>{t('home')}</Link>
      </p>
    </section>
  )
}

/** Throws notFound() where it is rendered: inside a Suspense boundary, it sets the answer's status alone. */
function NotFoundStatus(): never {
  notFound()
}

/**
 * A pair page for a pair the list lacks: the not-found page as the page's own content, so it is
 * server HTML (a notFound() that escapes the page leaves Next 16.4.6 an empty `__next_error__` shell,
 * vercel/next.js#62228). The notFound() inside the Suspense boundary below makes the answer a 404
 * all the same: Next sets the status from an access error React meets inside a boundary of a
 * prerender, keeping the content around it (docs/decisions/pages.md "The 404 page is rendered on
 * the server"). With JavaScript, the layout's not-found boundary then shows the same page.
 */
export function MissingPair({ home }: { home: string }) {
  return (
    <>
      <NotFoundView home={home} />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  )
}
