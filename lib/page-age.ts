/**
 * How old a page's HTML is in normal service, in one place (docs/decisions/fleet.md "The worst age
 * of a page"): its revalidate period, then Next's expireTime, the longest its copy is served while
 * it renders again. page-age.test.ts holds these to the pages' `revalidate` declarations (which
 * Next reads as literals) and next.config.ts uses EXPIRE_TIME_S.
 */

/** Pair pages regenerate at most every 300 s (docs/decisions/pages.md "Pair pages revalidate every 300 s"). */
export const PAIR_REVALIDATE_S = 300

/** The markets page regenerates at most every 60 s. */
export const MARKETS_REVALIDATE_S = 60

/** Next's `expireTime`: pages send `s-maxage=R, stale-while-revalidate=E − R`. */
export const EXPIRE_TIME_S = 600

/**
 * The oldest a page is while instances answer: R + E of the slowest page type (15 min). Older,
 * it is a copy kept through an outage or by the browser: its list is a cached copy
 * (lib/symbols/shown.ts) and the page says how old it is (lib/offline/policy.ts).
 */
export const NORMAL_PAGE_MAX_AGE_MS = (Math.max(PAIR_REVALIDATE_S, MARKETS_REVALIDATE_S) + EXPIRE_TIME_S) * 1000
