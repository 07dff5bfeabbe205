import { lastLanguage, mayKeep, offlineLanguage, type AnswerShape } from './choice'

const answer = (init: Partial<Omit<AnswerShape, 'headers'>> & { headers?: Record<string, string> } = {}): AnswerShape => ({
  status: init.status ?? 200,
  type: init.type ?? 'basic',
  redirected: init.redirected ?? false,
  headers: new Headers(init.headers ?? { 'cache-control': 's-maxage=60, stale-while-revalidate=31535940' }),
})

describe('what the worker serves when the network has nothing (docs/decisions/offline.md "The offline page")', () => {
  const kept = [
    { language: 'ru-RU', savedAt: 20 },
    { language: 'en', savedAt: 10 },
  ]

  it('shows the offline page in the URL’s language when one is kept, else in the language used last', () => {
    expect(offlineLanguage('/en/trade/spot/ETH/USDT', kept)).toBe('en')
    expect(offlineLanguage('/ar-SA/trade/spot/ETH/USDT', kept)).toBe('ru-RU')
    expect(offlineLanguage('/', kept)).toBe('ru-RU')
    expect(offlineLanguage('/en', [])).toBeNull()
  })

  it('opens a launch in the language of the page saved last', () => {
    expect(
      lastLanguage([
        { key: 'https://x.test/en', savedAt: 1 },
        { key: 'https://x.test/tr-TUR/trade/spot/BTC/USDT', savedAt: 2 },
      ]),
    ).toBe('tr-TUR')
    expect(lastLanguage([])).toBeNull()
  })

  it('keeps only a whole 200 that no one marked private', () => {
    expect(mayKeep(answer())).toBe(true)
    expect(mayKeep(answer({ status: 404 }))).toBe(false)
    expect(mayKeep(answer({ status: 503 }))).toBe(false)
    expect(mayKeep(answer({ status: 0, type: 'opaqueredirect' }))).toBe(false)
    expect(mayKeep(answer({ redirected: true }))).toBe(false)
    // The language redirect of `/` and anything per visitor.
    expect(mayKeep(answer({ headers: { 'cache-control': 'private, no-store' } }))).toBe(false)
    expect(mayKeep(answer({ headers: { 'cache-control': 'no-store' } }))).toBe(false)
    expect(mayKeep(answer({ headers: { 'cache-control': 'public, max-age=60', vary: 'Cookie, Accept-Language' } }))).toBe(false)
    expect(mayKeep(answer({ headers: { 'cache-control': 'public, max-age=300' } }))).toBe(true)
  })
})
