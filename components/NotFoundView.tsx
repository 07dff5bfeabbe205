import Link from 'next/link'
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
