import type { FaultRule, SimHost } from '../../simulator/contract'
import { sim } from '../../playwright.config'
import { generateGroups } from '../../simulator/data/pairs'
// The e2e simulator runs with the default seed (playwright.config.ts).
import { DEFAULT_SEED } from '../../simulator/http/server'

/** The e2e simulator's admin endpoint (playwright.config.ts starts it). */
const admin = () => sim('admin')

export async function setFaults(rules: FaultRule[]): Promise<void> {
  const response = await fetch(`${admin()}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rules) })
  if (!response.ok) throw new Error(`sim admin /faults answered ${response.status}`)
}

export async function clearFaults(): Promise<void> {
  await fetch(`${admin()}/faults`, { method: 'DELETE' })
}

export async function setLatency(host: SimHost, ms: number): Promise<void> {
  const response = await fetch(`${admin()}/latency`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host, ms }) })
  if (!response.ok) throw new Error(`sim admin /latency answered ${response.status}`)
}

export async function simState(): Promise<{ hits: Record<string, Record<string, number>> }> {
  return (await fetch(`${admin()}/state`)).json()
}

export async function resetHits(): Promise<void> {
  const response = await fetch(`${admin()}/hits/reset`, { method: 'POST' })
  if (!response.ok) throw new Error(`sim admin /hits/reset answered ${response.status}`)
}

export interface ListedPair {
  base: string
  quote: string
  symbolId: string
}

/**
 * The simulator's shown pairs now (symbol_list_v2), without the first `skip` of each group (the
 * anchors other specs render). `untouched`: only the pairs its change feed (one listing, delisting
 * or status change a minute, simulator/data/feed.ts) has left as they were at its start: a site's
 * list may be a version older than the simulator's, and those pairs are the same in every version.
 */
export async function listedPairs(options: { skip?: number; untouched?: boolean } = {}): Promise<ListedPair[]> {
  const initial = new Map(generateGroups(DEFAULT_SEED).flatMap((group) => group.pairs.map((pair) => [pair.symbolId, pair] as const)))
  const answer = await (await fetch(`${sim('main')}/spot/api/basic/symbol_list_v2`)).json()
  type Shown = { symbolId: string; baseTokenName: string; quoteTokenName: string; showStatus?: boolean; tradeStatus?: number; isBanBuy?: boolean }
  const groups = answer.result.quoteTokenResult as { quoteTokenSymbols: Shown[] }[]
  const asFirst = (pair: Shown) => {
    const first = initial.get(pair.symbolId)
    return first !== undefined && first.showStatus === pair.showStatus && first.tradeStatus === pair.tradeStatus && first.isBanBuy === pair.isBanBuy
  }
  return groups
    .flatMap((group) => group.quoteTokenSymbols.slice(options.skip ?? 0))
    .filter((pair) => pair.showStatus !== false && /^[A-Z0-9]+$/.test(pair.baseTokenName) && (!options.untouched || asFirst(pair)))
    .map((pair) => ({ base: pair.baseTokenName, quote: pair.quoteTokenName, symbolId: pair.symbolId }))
}
