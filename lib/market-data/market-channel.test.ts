import { createMarketChannel } from './market-channel'

describe('the market channel between the socket and the book', () => {
  it('hands pushes to the listener, tells it of sockets, and asks the socket in use to resubscribe', () => {
    const channel = createMarketChannel()
    const seen: string[] = []
    const sent: string[] = []
    const first = { resubscribe: (t: readonly string[]) => sent.push(`first ${t.join()}`) }
    const second = { resubscribe: (t: readonly string[]) => sent.push(`second ${t.join()}`) }
    expect(channel.resubscribe(['book'])).toBe(false)
    channel.attach(first)
    // A listener arriving after the socket subscribed: told of it, and a fresh snapshot asked for.
    const stop = channel.listen({ onBook: (m) => seen.push(`book ${String(m.type)}`), onTrades: () => seen.push('trades'), onStream: (s) => seen.push(s) }, [
      'book',
      'trades',
    ])
    channel.book({ type: 'delta' })
    channel.trades([])
    channel.attach(second) // a route switch: the new socket
    channel.detach(first) // the old one's late close changes nothing
    expect(channel.resubscribe(['book'])).toBe(true)
    channel.detach(second)
    expect(channel.attached()).toBe(false)
    stop()
    channel.book({ type: 'snapshot' })
    expect(seen).toEqual(['opened', 'book delta', 'trades', 'opened', 'gone'])
    expect(sent).toEqual(['first book,trades', 'second book'])
  })
})
