import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { NotFoundView } from '@/components/NotFoundView'

// The title of every 404 of the site, the catch-all's included: Next takes a 404's metadata
// from this boundary (docs/decisions.md "The 404 page is rendered on the server").
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFound')
  return { title: t('title') }
}

// notFound() from a page (an unknown pair): "/" sends the visitor to their language's markets.
export default function NotFound() {
  return <NotFoundView home="/" />
}
