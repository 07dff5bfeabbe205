import { NORMAL_PAGE_MAX_AGE_MS } from '../page-age'

/**
 * The service worker's numbers, in one place (docs/decisions/offline.md): how long it waits for
 * the network, what it keeps and for how long, and when a page says how old it is.
 */

/** SPEC §9's slowness threshold: past it, a page the worker saved is served from its cache. */
export const NETWORK_PATIENCE_MS = 3000

/**
 * A page never saved has nothing to fall back on, so the worker waits longer for it (SPEC §9's
 * probe failure time) before it shows the offline page: a slow network still gets its page.
 */
export const UNSAVED_PATIENCE_MS = 15_000

/**
 * A page saved less than one revalidate period ago (pages are ISR, 60 s) opens from its copy at
 * once, as the edge would serve it, while the network's answer refreshes the copy.
 */
export const FRESH_COPY_MS = 60_000

/** After a request stalled past the patience, the next ones skip the wait for this long (docs/decisions/offline.md "Timeouts"). */
export const STALL_MEMORY_MS = 10_000

/**
 * The worker is registered this long after the page hydrated, in an idle period then (at most
 * `idleTimeoutMs` later): after the page's first seconds, whose work at a phone's speed (4× CPU)
 * is done by then, so the worker's start and its first copies compete with none of it
 * (docs/decisions/offline.md "Nothing on the first visit's path").
 */
export const PAGE_QUIET = { delayMs: 3000, idleTimeoutMs: 2000 } as const

/** A page opened later (a client-side navigation) is saved in the next idle period, at most this much later. */
export const SAVE_IDLE_TIMEOUT_MS = 2000

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The decision shared with the edge (docs/decisions/fleet.md): a cache keeps a page at most
 * 7 days after it was made, and a superseded build's /_next/static files stay published 7 days.
 */
export const PAGE_MAX_AGE_MS = 7 * DAY_MS

/** A language's offline page is fetched again when the copy kept is older than this. */
export const OFFLINE_PAGE_REFRESH_MS = DAY_MS

export interface Caps {
  maxEntries: number
  maxBytes: number
  /** A single answer larger than this is not kept at all. */
  maxEntryBytes: number
}

/** Saved pages: a trader's few dozen pairs; the markets page is the largest (~0.5 MB decoded). */
export const PAGE_CAPS: Caps = { maxEntries: 40, maxBytes: 12 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 }

/** The scripts and styles of the pages saved (hashed, immutable), for about three builds' worth. */
export const STATIC_CAPS: Caps = { maxEntries: 160, maxBytes: 16 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 }

/** One offline page per language used, a few kB each. */
export const OFFLINE_CAPS: Caps = { maxEntries: 20, maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 }

/**
 * A page rendered longer ago than this says how old it is even when it came from the network:
 * older than a page ever is while instances answer, it is a copy kept through an outage
 * (docs/decisions/offline.md "The saved-copy notice").
 */
export const OLD_PAGE_MS = NORMAL_PAGE_MAX_AGE_MS
