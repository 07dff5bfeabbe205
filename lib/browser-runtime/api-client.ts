import { createHttpClient, type HttpClient } from '../http/client'
import type { RequestLanguage } from '../http/options'
import type { ClientRuntime } from './runtime'

/**
 * The request client of the browser's API calls, bound to the runtime: each request goes to the
 * API host in use, through the fast path's rewrite, or to the site's own /x-api under
 * fe.crossApi. Components import this module lazily: the request client is a chunk of its own,
 * not first-load JavaScript (docs/decisions/client-wiring.md "First-load JavaScript"). Without a
 * language, requests carry no `lang` header (the market data's answers have no language).
 */
export function createApiClient(runtime: ClientRuntime, language?: RequestLanguage): HttpClient {
  return createHttpClient({
    baseUrl: runtime.apiHost,
    crossApi: runtime.crossApi,
    fetch: (input, init) => fetch(input, init),
    language,
    rewriteUrl: runtime.rewriteUrl,
  })
}
