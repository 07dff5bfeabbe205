import { SYMBOL_INCIDENTS } from '../symbols/incidents'

/**
 * The event names and incident codes the site's own engines send. The collector counts these
 * by name and everything else as "other": a metric label taken from client input as is would
 * let any client create unbounded time series.
 */
export const KNOWN_EVENT_NAMES: ReadonlySet<string> = new Set([
  'engines_chunk_failed',
  'fast_path_check_failed',
  'fast_path_config_rejected',
  'fast_path_internal_error',
  'fast_path_quality',
  'fast_path_refused',
  'fast_path_report_failed',
  'fast_path_route',
  'fast_path_state',
  'market_data_gap',
  'order_book_resync',
  'route_choice_dropped',
  'route_choice_not_saved',
  'route_probe_error',
  'route_storage_problem',
  'route_switch',
  'symbol_list_loaded',
  'symbol_pairs_dropped',
  'symbol_storage_problem',
  'web_vital',
])

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(SYMBOL_INCIDENTS))

/** The metric label of a collected event: its name or code when known, else "other". */
export function metricLabel(event: { type: 'incident'; code: number } | { type: 'event'; name: string }): string {
  if (event.type === 'incident') return KNOWN_CODES.has(event.code) ? String(event.code) : 'other'
  return KNOWN_EVENT_NAMES.has(event.name) ? event.name : 'other'
}
