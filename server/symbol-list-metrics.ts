import { Gauge } from 'prom-client'
import type { SymbolSource } from '@/lib/symbols/provenance'
import { metrics } from './observability'
import type { RegionListStatus } from './symbol-list-status'

const SOURCES: readonly SymbolSource[] = ['v3+all', 'v2', 'cache', 'builtin']

const SOURCE_HELP = 'Symbol list in use per region and language: 1 on its source (v3+all, v2, cache = a cached copy, builtin = the built-in sample), else 0'
const AGE_HELP = 'Age of the symbol list in use per region and language (since it left the upstream)'

/**
 * Metric names that replaced others, each new name with the old one it replaced. Both series are
 * emitted until 0.3.0, the old HELP saying "Deprecated", so dashboards and rules move over one
 * release (docs/decisions/fleet.md "Renamed metrics keep their old names for one release").
 */
export const RENAMED_METRICS = [
  { name: 'spot_symbol_list_source', old: 'spot_pair_list_source' },
  { name: 'spot_symbol_list_age_seconds', old: 'spot_pair_list_age_seconds' },
] as const

/**
 * Each region's symbol lists as /api/health describes them, as gauges read at scrape time (the
 * alerts of deploy/alerts.yml need them as series, not as JSON): per region and language, the
 * source in use (one series per source, 1 for the one in use) and the list's age. A scrape only
 * reads: it asks no upstream, so it never changes what it measures; a language no page asked for
 * yet has no series (docs/decisions/fleet.md "Prometheus scrapes each instance").
 */
export function registerSymbolListGauges(statuses: () => Record<string, RegionListStatus>): void {
  const registers = [metrics.registry]
  const described = () => Object.entries(statuses()).flatMap(([region, status]) => status.languages.map((list) => ({ region, list })))
  const [source, age] = RENAMED_METRICS
  for (const { name, help } of [
    { name: source.name, help: SOURCE_HELP },
    { name: source.old, help: `Deprecated: use ${source.name} (this name is dropped in 0.3.0). ${SOURCE_HELP}` },
  ]) {
    new Gauge({
      name,
      help,
      labelNames: ['region', 'language', 'source'],
      registers,
      collect() {
        this.reset()
        for (const { region, list } of described()) {
          for (const each of SOURCES) this.set({ region, language: list.language, source: each }, list.source === each ? 1 : 0)
        }
      },
    })
  }
  for (const { name, help } of [
    { name: age.name, help: AGE_HELP },
    { name: age.old, help: `Deprecated: use ${age.name} (this name is dropped in 0.3.0). ${AGE_HELP}` },
  ]) {
    new Gauge({
      name,
      help,
      labelNames: ['region', 'language'],
      registers,
      collect() {
        this.reset()
        for (const { region, list } of described()) this.set({ region, language: list.language }, list.ageMs / 1000)
      },
    })
  }
}
