import { getLocale } from 'next-intl/server'
import { NotFoundView } from '@/components/NotFoundView'

/**
 * notFound() from a page (an unknown pair), rendered inside the layout: its language's title, text
 * and the way back to that language's markets, without JavaScript (docs/decisions/pages.md "The 404
 * page is rendered on the server"). The layout set the request's locale: the language code.
 */
export default async function NotFound() {
  return <NotFoundView home={`/${await getLocale()}`} />
}
