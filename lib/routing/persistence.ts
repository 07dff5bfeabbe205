import { z } from 'zod'
import { ROUTE_HOSTS, ROUTE_MODES, ROUTE_STORAGE_KEY, type RouteHost, type RouteMode } from './constants'
import type { RouteStorage } from './environment'

/**
 * The user's route choice in storage (SPEC §4: "kept in browser storage and dropped if it does
 * not match the current site"). The record names its site, so one browser visiting tr and kz
 * sites on a shared origin (or a copied profile) never carries a host id across sites.
 * In automatic mode it also keeps the host last chosen, so a reload starts there.
 */
export interface SavedRoute {
  site: string
  mode: RouteMode
  host?: RouteHost
  savedAt: number
}

const savedRouteSchema = z.object({
  site: z.string().min(1).max(64),
  mode: z.enum(ROUTE_MODES as [RouteMode, ...RouteMode[]]),
  host: z.enum(ROUTE_HOSTS as [RouteHost, ...RouteHost[]]).optional(),
  savedAt: z.number(), // zod 4 numbers are finite
})

export type LoadedRoute =
  | { status: 'absent' }
  | { status: 'ok'; route: SavedRoute }
  | { status: 'dropped'; reason: 'other-site' | 'corrupt' | 'unreadable'; detail: string }

/** Reads the record; one that is corrupt or from another site is removed (only our own key). */
export function loadSavedRoute(storage: RouteStorage, site: string): LoadedRoute {
  let text: string | null
  try {
    text = storage.getItem(ROUTE_STORAGE_KEY)
  } catch (error) {
    return { status: 'dropped', reason: 'unreadable', detail: String(error) }
  }
  if (text === null) return { status: 'absent' }
  let dropped: LoadedRoute & { status: 'dropped' }
  try {
    const parsed = savedRouteSchema.safeParse(JSON.parse(text))
    if (parsed.success && parsed.data.site === site) return { status: 'ok', route: parsed.data }
    dropped = parsed.success
      ? { status: 'dropped', reason: 'other-site', detail: `saved for ${parsed.data.site}` }
      : { status: 'dropped', reason: 'corrupt', detail: parsed.error.issues[0]?.message ?? 'does not fit' }
  } catch (error) {
    dropped = { status: 'dropped', reason: 'corrupt', detail: error instanceof Error ? error.message : String(error) }
  }
  try {
    storage.removeItem(ROUTE_STORAGE_KEY)
  } catch {
    // Nothing more to do: the record is ignored either way.
  }
  return dropped
}

/** false when storage refused; the choice still holds for this page. */
export function saveRoute(storage: RouteStorage, route: SavedRoute): boolean {
  try {
    return storage.setItem(ROUTE_STORAGE_KEY, JSON.stringify(route)) !== false
  } catch {
    return false
  }
}
