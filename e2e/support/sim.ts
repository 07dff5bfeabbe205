import type { FaultRule, SimHost } from '../../simulator/contract'
import { sim } from '../../playwright.config'

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
