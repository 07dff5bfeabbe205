/**
 * The page shapes below a language prefix (docs/decisions/pages.md "The 404 page is rendered on the
 * server"): the markets page, pair pages, the markets page's two resources (its whole list by
 * version, every row's figures: docs/decisions/pages.md "The whole list is one immutable resource")
 * and the offline page the service worker keeps (docs/decisions/offline.md "The offline page").
 * Any other path is the catch-all's not-found page, which the middleware marks 404 so that page
 * can render as ordinary HTML.
 */
const PAIR_PAGE = /^\/trade\/spot\/[^/]+\/[^/]+$/
const MARKETS_RESOURCE = /^\/markets\/(?:list\/[^/]+|figures)$/

/** `rest` is the path after "/{lang}", "" for the markets page. */
export function isPagePath(rest: string): boolean {
  return rest === '' || rest === '/' || rest === '/offline' || PAIR_PAGE.test(rest) || MARKETS_RESOURCE.test(rest)
}

/** Below a language prefix, the route handlers (the markets page's resources): no document. */
export function isResourcePath(rest: string): boolean {
  return MARKETS_RESOURCE.test(rest)
}
