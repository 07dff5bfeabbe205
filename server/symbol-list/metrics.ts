import { Gauge } from 'prom-client'
import type { SymbolSource } from '@/lib/symbols/provenance'
import { metrics } from '../ops/observability'
import type { RegionListStatus } from './status'

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
  const described = () => Object.entries(statuses()).flatMap(([region, status]) => status.languages.map((list) => ({ region, list })))
  const [source, age] = RENAMED_METRICS
  gaugeUnderBothNames(source, SOURCE_HELP, ['region', 'language', 'source'], (set) => {
    for (const { region, list } of described()) {
      for (const each of SOURCES) set({ region, language: list.language, source: each }, list.source === each ? 1 : 0)
    }
  })
  gaugeUnderBothNames(age, AGE_HELP, ['region', 'language'], (set) => {
    for (const { region, list } of described()) set({ region, language: list.language }, list.ageMs / 1000)
  })
}

type Labels = Record<string, string>

/** One gauge per name of a renamed metric, filled by the same `fill` at each scrape; the old name's HELP says it is deprecated. */
function gaugeUnderBothNames(
  { name, old }: (typeof RENAMED_METRICS)[number],
  help: string,
  labelNames: string[],
  fill: (set: (labels: Labels, value: number) => void) => void,
): void {
  for (const each of [
    { name, help },
    { name: old, help: `Deprecated: use ${name} (this name is dropped in 0.3.0). ${help}` },
  ]) {
    new Gauge({
      ...each,
      labelNames,
      registers: [metrics.registry],
      collect() {
        this.reset()
        fill((labels, value) => this.set(labels, value))
      },
    })
  }
}
