/**
 * The symbol lists' gauges under their new names and, for one release, their old ones
 * (docs/decisions/fleet.md "Renamed metrics keep their old names for one release").
 */
import { metrics } from '../ops/observability'
import { RENAMED_METRICS, registerSymbolListGauges } from './metrics'
import type { RegionListStatus } from './status'

const hk = {
  status: 'degraded',
  source: 'cache',
  ageMs: 90_000,
  languages: [{ language: 'en-HK', status: 'degraded', source: 'cache', ageMs: 90_000 }],
} as unknown as RegionListStatus

describe('symbol-list gauges', () => {
  beforeAll(() => registerSymbolListGauges(() => ({ hk })))

  it('emits each renamed metric under both names with the same series, the old one marked deprecated', async () => {
    const text = await metrics.registry.metrics()
    const series = (name: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith(`${name}{`))
        .map((line) => line.slice(name.length))
    for (const { name, old } of RENAMED_METRICS) {
      expect(series(name).length).toBeGreaterThan(0)
      expect(series(old)).toEqual(series(name))
      expect(text).toMatch(new RegExp(`^# HELP ${old} Deprecated: use ${name} \\(this name is dropped in 0\\.3\\.0\\)`, 'm'))
      expect(text).not.toMatch(new RegExp(`^# HELP ${name} Deprecated`, 'm'))
    }
    expect(series('spot_symbol_list_source')).toContain('{region="hk",language="en-HK",source="cache"} 1')
    expect(series('spot_symbol_list_age_seconds')).toEqual(['{region="hk",language="en-HK"} 90'])
  })
})
