/**
 * The link between the page's one market socket (opened by the live feed, useLiveTickers) and the
 * order book and trades that ride it (docs/decisions/pages.md "The order book and trades on the pair page"):
 * the feed attaches each socket it opens and hands on the book and trade pushes; the book listens,
 * and asks the socket in use to resubscribe its topic. A listener that arrives after the socket
 * subscribed asks for a fresh snapshot at once, so no first snapshot is missed.
 */
export interface StreamLink {
  resubscribe(topics: readonly string[]): void
}

export interface ChannelListener {
  onBook?(message: { type?: unknown; data?: unknown }): void
  onTrades?(data: unknown): void
  /** A new socket was opened (a route switch, a reconnect), or the socket is gone. */
  onStream?(state: 'opened' | 'gone'): void
}

export interface MarketChannel {
  /** The feed: a socket was opened for the channel's topics (before any of its messages). */
  attach(link: StreamLink): void
  /** The feed: that socket is gone (closed, silent, or replaced). */
  detach(link: StreamLink): void
  book(message: { type?: unknown; data?: unknown }): void
  trades(data: unknown): void
  /** Whether a socket is attached now. */
  attached(): boolean
  /** The book: its topics asked again on the socket in use; false when there is none (the caller polls). */
  resubscribe(topics: readonly string[]): boolean
  /** The book's listener: told at once of a socket already attached, whose `topics` are resubscribed for a fresh snapshot. */
  listen(listener: ChannelListener, topics: readonly string[]): () => void
}

export function createMarketChannel(): MarketChannel {
  let link: StreamLink | null = null
  const listeners = new Set<ChannelListener>()
  return {
    attach(next) {
      link = next
      for (const l of listeners) l.onStream?.('opened')
    },
    detach(gone) {
      if (link !== gone) return
      link = null
      for (const l of listeners) l.onStream?.('gone')
    },
    book(message) {
      for (const l of listeners) l.onBook?.(message)
    },
    trades(data) {
      for (const l of listeners) l.onTrades?.(data)
    },
    attached: () => link !== null,
    resubscribe(topics) {
      if (!link) return false
      link.resubscribe(topics)
      return true
    },
    listen(listener, topics) {
      listeners.add(listener)
      if (link) listener.onStream?.('opened')
      link?.resubscribe(topics)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
