import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'
import { join } from 'node:path'
import { addCompileHints } from './scripts/build/compile-hints'
import { EXPIRE_TIME_S } from './lib/page-age'

// Messages are compiled at build time (icu-minify): the browser formats them without shipping or
// running an ICU parser (docs/decisions/pages.md "Rendering without long tasks").
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
})

const nextConfig: NextConfig = {
  // A second build beside the first, for the fleet's rolling-deploy test (scripts/fleet/second-build.ts):
  // under .next, which every tool skips, and `next start` of its copy reads it as .next.
  distDir: process.env.SPOT_SECOND_BUILD === '1' ? '.next/second' : '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Every page links the icon: shared a day by the edge (and served by it with every instance
  // down), an hour by browsers, instead of Next's `max-age=0` for public files (docs/decisions/fleet.md
  // "The edge cache in front of the fleet").
  headers: async () => [{ source: '/favicon.:ext(svg|ico)', headers: [{ key: 'Cache-Control', value: 'public, max-age=3600, s-maxage=86400' }] }],
  // The middleware strips trailing slashes itself, in the same redirect that fixes the language
  // (docs/decisions/regions-and-languages.md "Unknown language prefixes"): "/fr/" → "/en" in one
  // hop, not two.
  skipTrailingSlashRedirect: true,
  // Seconds after a page was made that its copy may still be served while it renders again;
  // older, the request waits for the render. Bounds the stale-while-revalidate Next sends the
  // edge (a year by default) to this less the page's revalidate (docs/decisions/fleet.md
  // "The worst age of a page").
  expireTime: EXPIRE_TIME_S,
  compiler: {
    // The large chunks get V8's compile hint, so their compilation leaves the main thread
    // (docs/decisions/pages.md "Compile hints for the large chunks").
    runAfterProductionCompile: async ({ distDir }) => {
      const hinted = await addCompileHints(join(distDir, 'static', 'chunks'))
      console.log(`compile hints: ${hinted.join(', ')}`)
    },
  },
  // Stores only 200 pages, so unknown-pair 404s and case-variant redirects leave nothing on disk
  // (docs/decisions/pages.md "Only 200 pages are stored").
  cacheHandler: require.resolve('./server/fleet/cache-handler.cjs'),
  // `npm test` type-checks the whole project, Next's route types included, before it builds; the
  // build then skips the same check (docs/decisions/stack.md "Turbopack's build cache").
  typescript: { ignoreBuildErrors: process.env.SPOT_TYPES_CHECKED === '1' },
  // A clean clone never reads Turbopack's build cache: .ci/run sets SPOT_BUILD_CACHE=0 and skips
  // writing it (docs/decisions/stack.md "Turbopack's build cache").
  experimental: {
    turbopackFileSystemCacheForBuild: process.env.SPOT_BUILD_CACHE !== '0',
    // The stylesheet (13 kB, 3 kB gzip) rides in the HTML: no render-blocking request before the
    // first paint (docs/decisions/pages.md "Styles inlined in the HTML").
    inlineCss: true,
  },
}

export default withNextIntl(nextConfig)
