/**
 * Test helpers for the order book and the trades: a `ws` client on the public socket that keeps
 * every message, and a local book kept by docs/wire.md's rules, to compare with REST.
 */
import WebSocket from 'ws'

export type Side = [string, string][]
export interface BookData {
  s: string
  b: Side
  a: Side
  u: number
  seq: number
}
export type Message = Record<string, unknown> & { topic?: string; type?: string; data?: unknown; op?: string; success?: boolean }

/** A socket on `{origin}/v5/public/spot` that keeps every message it gets. */
export async function openSocket(origin: string) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/v5/public/spot`)
  const messages: Message[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message))
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))
  return {
    ws,
    messages,
    send: (op: string, args: string[]) => ws.send(JSON.stringify({ op, args })),
    of: (topic: string) => messages.filter((m) => m.topic === topic),
  }
}
export type TestSocket = Awaited<ReturnType<typeof openSocket>>

/** An exact decimal as an integer of 10^-places (no floats). */
export function units(value: string, places: number): bigint {
  const [whole, fraction = ''] = value.split('.')
  return BigInt(whole + fraction.padEnd(places, '0'))
}

/** A local book: bids and asks by price. */
export const emptyBook = () => [new Map<string, string>(), new Map<string, string>()] as const

/** Applies a snapshot or a delta as docs/wire.md says: replace, or "0" deletes and any other size sets. */
export function applyBook(local: readonly Map<string, string>[], data: { b: Side; a: Side }, snapshot: boolean): void {
  ;[data.b, data.a].forEach((levels, i) => {
    if (snapshot) local[i]!.clear()
    for (const [price, size] of levels) {
      if (size === '0') local[i]!.delete(price)
      else local[i]!.set(price, size)
    }
  })
}

/** A side best first: bids descending, asks ascending. */
export const sortedSide = (side: Map<string, string>, descending: boolean): Side =>
  [...side].sort(([x], [y]) => (units(x, 12) < units(y, 12) ? -1 : 1) * (descending ? -1 : 1))
