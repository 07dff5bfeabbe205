/** The book's and the trades' websocket topics (docs/wire.md "Order book"): a module of its own, so the pair page's first load names them without the book's code. */

/** The depth the page subscribes to: Bybit pushes it every 20 ms on spot. */
export const BOOK_DEPTH = 50
export const bookTopic = (symbol: string) => `orderbook.${BOOK_DEPTH}.${symbol}`
export const tradeTopic = (symbol: string) => `publicTrade.${symbol}`
