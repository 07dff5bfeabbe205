import { getTranslations } from 'next-intl/server'
import { THEME_COOKIE } from '@/lib/i18n/storage-keys'
import { offlineDocument } from '@/lib/offline/document'
import { preferenceScript } from '@/lib/preferences/script'
import { resolveSiteContext } from '@/server/config/site-config'

/**
 * /{lang}/offline: the page the service worker shows for a page it never saved, in the page's
 * language (docs/decisions/offline.md "The offline page"). A document of its own, not a page of
 * the layout: it must open with no script of any build.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string; lang: string }> }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) return new Response(null, { status: 404 })
  const locale = site.language.code
  const [offline, errors, metadata] = await Promise.all([
    getTranslations({ locale, namespace: 'Offline' }),
    getTranslations({ locale, namespace: 'Errors' }),
    getTranslations({ locale, namespace: 'Metadata' }),
  ])
  const html = offlineDocument({
    locale: site.language.locale,
    dir: site.language.dir,
    homePath: `/${site.language.code}`,
    themeScript: preferenceScript(THEME_COOKIE, ['day', 'night'], 'data-theme'),
    text: { title: offline('title'), description: offline('description'), retry: errors('retry'), home: errors('home'), siteName: metadata('siteName') },
  })
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Robots-Tag': 'noindex' },
  })
}
