import http from 'node:http'
import { expect, test } from '@playwright/test'
import { E2E_PORTS, sim } from '../playwright.config'
import { startNext, type RunningServer } from '../scripts/support/next-server'

// The monitor collector behind a trusted proxy (docs/decisions/client-wiring.md "Collector bounds"): buckets
// by the hop the proxy appended, refused batches in /api/metrics, no log line per event.
const port = E2E_PORTS.spec.monitor
let site: RunningServer

test.beforeAll(async () => {
  site = await startNext(port, { API_BASE_URL: sim('main'), TRUST_PROXY: 'true' })
})
test.afterAll(async () => site?.stop())

function post(forwardedFor: string, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/monitor',
        method: 'POST',
        agent: false,
        headers: { host: `localhost:${port}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      },
      (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
    )
    req.on('error', reject)
    req.end(body)
  })
}

test('forged first X-Forwarded-For values share the real client’s bucket; another client still gets through; no line per event', async () => {
  const marker = `marker-${Date.now()}`
  const body = JSON.stringify({ events: Array.from({ length: 50 }, (_, i) => ({ type: 'event', name: marker, at: i })), page: '/en' })
  const statuses: number[] = []
  for (let i = 0; i < 60; i++) statuses.push(await post(`10.0.${i}.1, 198.51.100.7`, body))
  // A burst of 30, then one per 2 s refills while the 60 requests run: one bucket, not 60.
  const accepted = statuses.filter((s) => s === 204).length
  const limited = statuses.filter((s) => s === 429).length
  expect(accepted).toBeGreaterThanOrEqual(30)
  expect(accepted).toBeLessThan(40)
  expect(accepted + limited).toBe(60)
  expect(await post('6.6.6.6, 203.0.113.9', body)).toBe(204)
  const metrics = await (await fetch(`http://127.0.0.1:${port}/api/metrics`)).text()
  expect(metrics).toContain(`spot_client_monitor_batches_total{outcome="rate_limited"} ${limited}`)
  expect(metrics).toContain(`spot_client_monitor_batches_total{outcome="accepted"} ${accepted + 1}`)
  // 31 × 50 events accepted: the log holds counts, never the events themselves.
  expect(site.output()).not.toContain(marker)
})
