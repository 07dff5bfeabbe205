import type { NextRequest } from 'next/server'

/**
 * /serwist/sw.js, the service worker (worker/sw.ts), bundled by Serwist's Turbopack integration
 * when `next build` prerenders this route (docs/decisions/offline.md "Serwist, built at build
 * time"). Serwist is loaded only then: `next start` serves the prerendered file and never runs it.
 * The middleware adds the region's security headers (its matcher lets /serwist/ through).
 */
export const dynamic = 'force-static'
export const dynamicParams = false
export const revalidate = false

type Serwist = ReturnType<typeof import('@serwist/turbopack').createSerwistRoute>
let serwist: Promise<Serwist> | undefined

function route(): Promise<Serwist> {
  serwist ??= import('@serwist/turbopack').then(({ createSerwistRoute }) =>
    createSerwistRoute({
      swSrc: 'worker/sw.ts',
      useNativeEsbuild: true,
      // Nothing precached: a first visit keeps only what it shows (docs/decisions/offline.md "What the worker keeps").
      globPatterns: [],
      // One classic script that every browser registers (module workers are not everywhere yet).
      esbuildOptions: { format: 'iife', sourcemap: false },
    }),
  )
  return serwist
}

export async function generateStaticParams() {
  return (await route()).generateStaticParams()
}

export async function GET(request: NextRequest, context: { params: Promise<{ path: string }> }) {
  const response = await (await route()).GET(request, context)
  // Never kept past revalidation by the edge or the HTTP cache: a new build's worker is found at the next visit.
  response.headers.set('Cache-Control', 'no-cache')
  response.headers.set('Content-Type', 'text/javascript; charset=utf-8')
  return response
}
