import { isRegionId } from '@/lib/regions/regions'
import { getSiteConfig } from '@/server/config/site-config'

export const revalidate = 3600

/** Per region host (the middleware rewrites /robots.txt here); the sitemap URL comes from config. */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string }> }) {
  const { region } = await params
  if (!isRegionId(region)) return new Response('Not found', { status: 404 })
  const site = getSiteConfig().regions[region]
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /x-api/', `Sitemap: ${site.publicUrl}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
