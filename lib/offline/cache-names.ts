/**
 * The worker's caches are named `spot-<what>-v<n>`: a build that changes what an entry holds
 * bumps n, and its worker deletes the older names as it takes over (docs/decisions/offline.md
 * "A new build takes over"). Caches of other names (Serwist's own precache) are left to their owner.
 */
export const CACHE_PREFIX = 'spot-'

/** The pages the trader opened (lib/offline/policy.ts PAGE_CAPS). */
export const PAGES_CACHE = 'spot-pages-v1'
/** Their scripts and styles. */
export const STATIC_CACHE = 'spot-static-v1'
/** One offline page per language used. */
export const OFFLINE_CACHE = 'spot-offline-v1'
export const CURRENT_CACHES = [PAGES_CACHE, STATIC_CACHE, OFFLINE_CACHE] as const

export function outdatedCaches(names: readonly string[], current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.includes(name))
}
