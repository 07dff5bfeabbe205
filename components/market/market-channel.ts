'use client'

import { createContext, useContext } from 'react'
import type { MarketChannel } from '@/lib/market-data/market-channel'

/** The pair page's market channel (lib/market-data/market-channel.ts): null where no book rides the socket (the markets page). */
export const MarketChannelContext = createContext<MarketChannel | null>(null)

export function useMarketChannel(): MarketChannel | null {
  return useContext(MarketChannelContext)
}
