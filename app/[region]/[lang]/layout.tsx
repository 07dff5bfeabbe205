import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { NextIntlClientProvider } from 'next-intl'
import { getMessages, setRequestLocale } from 'next-intl/server'
import { Header } from '@/components/Header'
import { Footer } from '@/components/Footer'
import { ThemeScript } from '@/components/ThemeScript'
import { UpDownScript } from '@/components/market/UpDownScript'
import { REGION_UPDOWN } from '@/lib/market-data/updown'
import { ClientRuntimeProvider } from '@/components/runtime/ClientRuntime'
import { Offline } from '@/components/offline/Offline'
import { pickClientMessages, type Messages } from '@/i18n/messages'
import { FigureFormatsProvider } from '@/components/FigureFormats'
import { figureFormatsOf } from '@/lib/i18n/figure-formats'
import { formatLocale } from '@/lib/i18n/format-locale'
import { LANGUAGES } from '@/lib/i18n/languages'
import { allSiteParams, clientSiteConfig, resolveSiteContext } from '@/server/config/site-config'
import { upstreamIsLive } from '@/server/symbol-list/symbols'
import './globals.css'

/**
 * Prerender every region's pages at build only when the upstream answers: a build without one
 * would bake the built-in sample into every page; those pages render on first request instead
 * (docs/decisions/pages.md "What the build prerenders").
 */
/**
 * The icons in public/: the SVG for browsers that take one, the ICO (made from it) for the rest;
 * app/manifest.ts adds its own link (docs/decisions/pages.md "Icon and web manifest").
 */
export const metadata: Metadata = {
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/favicon.svg', type: 'image/svg+xml' },
    ],
  },
}

export async function generateStaticParams() {
  return (await upstreamIsLive()) ? allSiteParams() : []
}

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ region: string; lang: string }> }) {
  const { region: regionParam, lang } = await params
  const site = resolveSiteContext(regionParam, lang)
  if (!site) notFound()
  setRequestLocale(site.language.code)
  const messages = (await getMessages()) as Messages
  const languages = site.region.languages.map((code) => ({ code, label: LANGUAGES[code].label, locale: LANGUAGES[code].locale }))

  return (
    <html lang={site.language.locale} dir={site.language.dir} data-theme="night" data-updown={REGION_UPDOWN[site.region.id]} suppressHydrationWarning>
      <head>
        <ThemeScript />
        <UpDownScript />
      </head>
      <body data-region={site.region.id}>
        <NextIntlClientProvider locale={formatLocale(site.language)} messages={pickClientMessages(messages)} timeZone="UTC">
          <FigureFormatsProvider formats={figureFormatsOf(formatLocale(site.language))}>
            <ClientRuntimeProvider site={clientSiteConfig(site.region.id)}>
              <Header lang={site.language.code} languages={languages} upDown={REGION_UPDOWN[site.region.id]} />
              <main id="content">{children}</main>
              <Footer language={site.language} />
              <Offline />
            </ClientRuntimeProvider>
          </FigureFormatsProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
