import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

/** The translated not-found page: a title, a sentence and the way back to the markets. */
export async function NotFoundView({ home }: { home: string }) {
  const t = await getTranslations('NotFound')
  return (
    <section className="not-found" data-testid="not-found">
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <p>
        <Link href={home}>{t('home')}</Link>
      </p>
    </section>
  )
}
