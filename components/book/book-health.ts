import { createExternalStore } from '@/lib/engine-kit/external-store'
import type { BookKeeperSnapshot } from '@/lib/market-data/order-book'

/** The shown book's health for the network panel: gaps in `u`, dropped messages, resync incidents (none before a book is shown). */
export type BookHealth = Pick<BookKeeperSnapshot, 'gaps' | 'dropped' | 'incidents'> & { symbol: string; title: string }

/** One per page: the pair page shows one book. */
export const bookHealth = createExternalStore<BookHealth | null>(null)
