import { metrics } from './observability'
import { observeWebVital } from './web-vitals-metrics'

async function line(prefix: string): Promise<string | undefined> {
  return (await metrics.registry.metrics()).split('\n').find((l) => l.startsWith(prefix))
}

describe('web-vitals histograms', () => {
  it('observes times in seconds and CLS as is, labelled by metric, page type and region', async () => {
    observeWebVital({ metric: 'INP', value: 200, pageType: 'pair' }, 'hk')
    observeWebVital({ metric: 'INP', value: 201, pageType: 'pair' }, 'hk')
    observeWebVital({ metric: 'CLS', value: 0.1, pageType: 'markets' }, 'tr')
    // Google's "good" line is a bucket edge: 200 ms is in it, 201 ms is past it.
    expect(await line('spot_web_vitals_seconds_bucket{le="0.2",metric="INP",page_type="pair",region="hk"}')).toMatch(/ 1$/)
    expect(await line('spot_web_vitals_seconds_bucket{le="0.3",metric="INP",page_type="pair",region="hk"}')).toMatch(/ 2$/)
    expect(await line('spot_web_vitals_seconds_count{metric="INP",page_type="pair",region="hk"}')).toMatch(/ 2$/)
    expect(await line('spot_web_vitals_cls_bucket{le="0.1",metric="CLS",page_type="markets",region="tr"}')).toMatch(/ 1$/)
  })

  it('counts refused vitals without a label', async () => {
    observeWebVital('invalid', 'main')
    expect(await line('spot_web_vitals_invalid_total ')).toBe('spot_web_vitals_invalid_total 1')
  })

  it('has every threshold of Google as a bucket edge', async () => {
    const text = await metrics.registry.metrics()
    for (const le of ['0.2', '0.5', '0.8', '1.8', '2.5', '4']) expect(text).toContain(`spot_web_vitals_seconds_bucket{le="${le}",`)
    for (const le of ['0.1', '0.25']) expect(text).toContain(`spot_web_vitals_cls_bucket{le="${le}",`)
  })
})
