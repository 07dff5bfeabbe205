import { CROSS_API_PATH } from './constants'

/**
 * SPEC §7 fe.crossApi: the browser calls the site's own /x-api/… and the site rewrites it to the
 * configured upstream. The target is built from configuration only, and a path that would
 * leave the upstream's origin (`/x-api//evil.com/…`, encoded slashes) is refused, so the rewrite
 * can never be turned into an open proxy.
 */
export function crossApiTarget(pathname: string, search: string, upstreamBase: string): URL | null {
  if (pathname !== CROSS_API_PATH && !pathname.startsWith(`${CROSS_API_PATH}/`)) return null
  const rest = pathname.slice(CROSS_API_PATH.length).replace(/^\/+/, '')
  if (/%2f|%5c|\\/i.test(rest) || rest.split('/').some((segment) => segment === '..' || segment === '.')) return null
  const base = new URL(upstreamBase)
  const basePath = base.pathname.replace(/\/+$/, '')
  const target = new URL(`${base.origin}${basePath}/${rest}${search}`)
  return target.origin === base.origin ? target : null
}
