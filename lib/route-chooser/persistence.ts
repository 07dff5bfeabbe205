import { ROUTE_HOSTS, ROUTE_MODES, ROUTE_STORAGE_KEY, type RouteHost, type RouteMode } from './constants'

/**
 * The part of a key–value store the route chooser uses. Declared here (not imported from
 * lib/storage) so either that module's KeyValueStorage or a bare localStorage fits.
 */
export interface RouteStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): unknown
  removeItem(key: string): void
}

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

/**
 * Checked by hand rather than with zod: this runs in every page's bundle, and four fields do
 * not justify shipping a schema library to the browser.
 */
function parseSavedRoute(value: unknown): { success: true; data: SavedRoute } | { success: false; message: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false, message: 'not an object' }
  const { site, mode, host, savedAt } = value as Record<string, unknown>
  if (typeof site !== 'string' || site.length < 1 || site.length > 64) return { success: false, message: 'site must be a string of 1–64 characters' }
  if (!ROUTE_MODES.includes(mode as RouteMode)) return { success: false, message: `mode must be one of ${ROUTE_MODES.join(', ')}` }
  if (host !== undefined && !ROUTE_HOSTS.includes(host as RouteHost)) return { success: false, message: `host must be one of ${ROUTE_HOSTS.join(', ')}` }
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return { success: false, message: 'savedAt must be a finite number' }
  const data: SavedRoute = { site, mode: mode as RouteMode, savedAt }
  if (host !== undefined) data.host = host as RouteHost
  return { success: true, data }
}

export type LoadedRoute =
  { status: 'absent' } | { status: 'ok'; route: SavedRoute } | { status: 'dropped'; reason: 'other-site' | 'corrupt' | 'unreadable'; detail: string }

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
    const parsed = parseSavedRoute(JSON.parse(text))
    if (parsed.success && parsed.data.site === site) return { status: 'ok', route: parsed.data }
    dropped = parsed.success
      ? { status: 'dropped', reason: 'other-site', detail: `saved for ${parsed.data.site}` }
      : { status: 'dropped', reason: 'corrupt', detail: parsed.message }
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
