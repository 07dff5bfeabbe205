import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { resolveSiteContext } from '@/server/site-config'

export default async function MarketsPage({ params }: { params: Promise<{ region: string; lang: string }> }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) notFound()
  setRequestLocale(site.language.code)
  const t = await getTranslations('Markets')
  return (
    <section>
      <h1>{t('title')}</h1>
    </section>
  )
}
