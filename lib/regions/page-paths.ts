/**
 * The page shapes below a language prefix (docs/decisions/pages.md "The 404 page is rendered on the
 * server"): the markets page, pair pages and the offline page the service worker keeps
 * (docs/decisions/offline.md "The offline page"). Any other path is the catch-all's not-found
 * page, which the middleware marks 404 so that page can render as ordinary HTML.
 */
const PAIR_PAGE = /^\/trade\/spot\/[^/]+\/[^/]+$/

/** `rest` is the path after "/{lang}", "" for the markets page. */
export function isPagePath(rest: string): boolean {
  return rest === '' || rest === '/' || rest === '/offline' || PAIR_PAGE.test(rest)
}
