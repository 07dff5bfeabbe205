import { setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { NotFoundView } from '@/components/NotFoundView'
import { resolveSiteContext } from '@/server/config/site-config'

type Params = Promise<{ region: string; lang: string }>

/**
 * Any path the site does not have. The page is rendered here as ordinary server HTML, with the
 * layout's lang, the not-found title (not-found.tsx) and a way back; the middleware already
 * answered 404 for the path (a
 * notFound() thrown from a dynamic page leaves only an empty error shell without JavaScript:
 * docs/decisions/pages.md "The 404 page is rendered on the server").
 */
export default async function Missing({ params }: { params: Params }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) notFound()
  setRequestLocale(site.language.code)
  return <NotFoundView home={`/${site.language.code}`} />
}
