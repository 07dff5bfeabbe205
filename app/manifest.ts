import type { MetadataRoute } from 'next'

/**
 * One manifest for every regional host: start_url `/` lets the host pick its region and the
 * visitor's language (docs/decisions/pages.md "Icon and web manifest"). Colours are the night theme's.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Spot Trading',
    short_name: 'Spot',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#0b0e11',
    theme_color: '#0b0e11',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }
}
