import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXPIRE_TIME_S, MARKETS_REVALIDATE_S, NORMAL_PAGE_MAX_AGE_MS, PAIR_REVALIDATE_S } from './page-age'

const source = (...path: string[]) => readFileSync(join(__dirname, '..', ...path), 'utf8')
const declared = (page: string) => Number(/^export const revalidate = (\d+)$/m.exec(page)?.[1])

describe('the worst age of a page in normal service', () => {
  it('is the pages’ declared revalidate periods plus the expireTime next.config.ts uses', () => {
    expect(declared(source('app', '[region]', '[lang]', 'trade', 'spot', '[base]', '[quote]', 'page.tsx'))).toBe(PAIR_REVALIDATE_S)
    expect(declared(source('app', '[region]', '[lang]', 'page.tsx'))).toBe(MARKETS_REVALIDATE_S)
    expect(source('next.config.ts')).toMatch(/^\s*expireTime: EXPIRE_TIME_S,$/m)
    // Next needs room to serve a copy while it renders again, or every regeneration holds a request.
    expect(EXPIRE_TIME_S).toBeGreaterThan(Math.max(PAIR_REVALIDATE_S, MARKETS_REVALIDATE_S))
    expect(NORMAL_PAGE_MAX_AGE_MS).toBe((PAIR_REVALIDATE_S + EXPIRE_TIME_S) * 1000)
  })
})
