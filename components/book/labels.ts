/**
 * The book panel's words, written on the server (the `Book` messages, the pair's coins filled in)
 * and handed to the pair page's market block as a prop: only the pair page carries them, not the
 * client messages every page embeds.
 */
export interface BookLabels {
  title: string
  book: string
  trades: string
  loading: string
  waiting: string
  updating: string
  grouping: string
  /** "Price (USDT)": the quote coin filled in. */
  price: string
  /** "Amount (BTC)", "Total (BTC)": the base coin filled in. */
  amount: string
  total: string
  time: string
  asks: string
  bids: string
  spread: string
  folded: string
  buy: string
  sell: string
  noTrades: string
}

type Translate = (key: Exclude<keyof BookLabels, 'price' | 'amount' | 'total'> | 'price' | 'amount' | 'total', values?: { coin: string }) => string

export function bookLabelsOf(t: Translate, base: string, quote: string): BookLabels {
  return {
    title: t('title'),
    book: t('book'),
    trades: t('trades'),
    loading: t('loading'),
    waiting: t('waiting'),
    updating: t('updating'),
    grouping: t('grouping'),
    price: t('price', { coin: quote }),
    amount: t('amount', { coin: base }),
    total: t('total', { coin: base }),
    time: t('time'),
    asks: t('asks'),
    bids: t('bids'),
    spread: t('spread'),
    folded: t('folded'),
    buy: t('buy'),
    sell: t('sell'),
    noTrades: t('noTrades'),
  }
}
