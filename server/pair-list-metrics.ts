import { Gauge } from 'prom-client'
import type { SymbolSource } from '@/lib/symbols/provenance'
import { metrics } from './observability'
import type { RegionListStatus } from './pair-list-status'

const SOURCES: readonly SymbolSource[] = ['v3+all', 'v2', 'cache', 'builtin']

/**
 * Each region's pair lists as /api/health describes them, as gauges read at scrape time (the
 * alerts of deploy/alerts.yml need them as series, not as JSON): per region and language, the
 * source in use (one series per source, 1 for the one in use) and the list's age. A scrape only
 * reads: it asks no upstream, so it never changes what it measures; a language no page asked for
 * yet has no series (docs/decisions/fleet.md "Prometheus scrapes each instance").
 */
export function registerPairListGauges(statuses: () => Record<string, RegionListStatus>): void {
  const registers = [metrics.registry]
  const described = () => Object.entries(statuses()).flatMap(([region, status]) => status.languages.map((list) => ({ region, list })))
  new Gauge({
    name: 'spot_pair_list_source',
    help: 'Pair list in use per region and language: 1 on its source (v3+all, v2, cache = a cached copy, builtin = the built-in sample), else 0',
    labelNames: ['region', 'language', 'source'],
    registers,
    collect() {
      this.reset()
      for (const { region, list } of described()) {
        for (const source of SOURCES) this.set({ region, language: list.language, source }, list.source === source ? 1 : 0)
      }
    },
  })
  new Gauge({
    name: 'spot_pair_list_age_seconds',
    help: 'Age of the pair list in use per region and language (since it left the upstream)',
    labelNames: ['region', 'language'],
    registers,
    collect() {
      this.reset()
      for (const { region, list } of described()) this.set({ region, language: list.language }, list.ageMs / 1000)
    },
  })
}
