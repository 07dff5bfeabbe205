import { expect, test } from '@playwright/test'

// Issue #44: what a pair page's render costs the fleet. The page serialises for its client parts
// only what they use (docs/decisions/pages.md "What a pair page's render serialises") and keeps the
// ISR period the capacity sheet is planned for (docs/decisions/pages.md "Pair pages revalidate every 300 s").
const PAIR = '/en/trade/spot/BTC/USDT'

test('a pair page carries no pair record its client parts do not read', async ({ request }) => {
  const reply = await request.get(PAIR)
  expect(reply.status()).toBe(200)
  const html = await reply.text()
  // What the page shows of the pair is still there, as text…
  expect(html).toContain('Limit order price limit')
  // …but the pair's record rides in the flight data only with the six fields the price block and the order book use.
  const flight = [...html.matchAll(/self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)/g)].map(([, chunk]) => chunk).join('')
  expect(flight).toContain('minPricePrecision')
  expect(flight).toContain('digitMergeSteps')
  expect(['limitOrderPriceLimitPercentage', 'basePrecision', 'tokenFullName', 'onlineTime'].filter((field) => flight.includes(field))).toEqual([])
})

test('a pair page is kept 300 s by any cache in front', async ({ request }) => {
  const reply = await request.get(PAIR)
  expect(reply.status()).toBe(200)
  expect(reply.headers()['cache-control']).toMatch(/^s-maxage=300(,|$)/)
})
