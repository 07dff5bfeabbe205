import { CROSS_API_PATH } from './constants'

/**
 * SPEC §7 fe.crossApi: the browser calls the site's own /x-api/…, which the site's proxy
 * (app/x-api, lib/x-api) forwards to the configured upstream. The path after /x-api, without
 * leading slashes; null when it is not an /x-api path or would leave the upstream's origin
 * (`/x-api//evil.com/…`, encoded slashes, dot segments).
 */
export function crossApiRest(pathname: string): string | null {
  if (pathname !== CROSS_API_PATH && !pathname.startsWith(`${CROSS_API_PATH}/`)) return null
  const rest = pathname.slice(CROSS_API_PATH.length).replace(/^\/+/, '')
  if (/%2f|%5c|\\/i.test(rest) || rest.split('/').some((segment) => segment === '..' || segment === '.')) return null
  return rest
}
