/**
 * Route-choice constants (SPEC §4 "Route choice", §9). The three thresholds 5, 25 and 30 and how
 * they combine are explained in docs/decisions/network-layer.md "Route switch rules: how 5, 25 and 30 are used".
 */

/** The selectable hosts: main and the "@1"/"@2" alternates (ApiHosts of the site config). */
export type RouteHost = 'main' | 'alt1' | 'alt2'
/** What the user picks: one host, or automatic. */
export type RouteMode = RouteHost | 'auto'

export const ROUTE_HOSTS: readonly RouteHost[] = ['main', 'alt1', 'alt2']
export const ROUTE_MODES: readonly RouteMode[] = ['auto', 'main', 'alt1', 'alt2']

/** SPEC §9: every host is probed every 30000 ms in automatic mode. */
export const ROUTE_PROBE_INTERVAL_MS = 30000
/** Jitter of that interval (±10 %), so a fleet of tabs does not probe in lockstep. */
export const ROUTE_PROBE_JITTER = 0.1
/** SPEC §9 / wire.md: a probe failing, or not answered within 15000 ms, counts as 15000 ms. */
export const ROUTE_PROBE_FAILURE_MS = 15000
/** wire.md: the probe path of every API host. */
export const ROUTE_PROBE_PATH = '/t1'

/** SPEC §9: each host keeps its last 3 times; a host never probed has [100, 100, 100]. */
export const ROUTE_HISTORY_LENGTH = 3
export const ROUTE_HISTORY_DEFAULT_MS = 100
/** SPEC §9: the newest sample weighs 0.1, each older one 0.03 less (0.1, 0.07, 0.04). */
export const ROUTE_WEIGHT_START = 0.1
export const ROUTE_WEIGHT_STEP = 0.03

/** SPEC §4: a challenger that beats the host in use by more than 5 weighted units switches at once. */
export const ROUTE_SWITCH_MARGIN = 5
/** Our reading of "30": smaller leads of consecutive cycles that add up to more than 30 switch. */
export const ROUTE_SUM_LEAD = 30
/** Our reading of "25": a challenger ahead on 25 consecutive cycles (12.5 min) switches. */
export const ROUTE_STREAK_CYCLES = 25

/** SPEC §9 storage key of the user's choice. */
export const ROUTE_STORAGE_KEY = 'route_chosen_v2'
