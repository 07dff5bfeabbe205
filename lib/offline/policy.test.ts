import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OLD_PAGE_MS } from './policy'

const root = join(__dirname, '..', '..')
const source = (...path: string[]) => readFileSync(join(root, ...path), 'utf8')
const secondsIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1])

describe('the saved-copy notice’s threshold', () => {
  it('a page says its age only past the worst age a page has in normal service (revalidate + expireTime)', () => {
    const expire = secondsIn(source('next.config.ts'), /^\s*expireTime: (\d+),$/m)
    const periods = [
      source('app', '[region]', '[lang]', 'page.tsx'),
      source('app', '[region]', '[lang]', 'trade', 'spot', '[base]', '[quote]', 'page.tsx'),
    ].map((page) => secondsIn(page, /^export const revalidate = (\d+)$/m))
    expect(expire).toBeGreaterThan(0)
    for (const period of periods) expect(period).toBeGreaterThan(0)
    const worstAgeMs = (Math.max(...periods) + expire) * 1000
    // Never earlier (a normal page would say it is a saved copy), and not much later (an outage shows soon).
    expect(OLD_PAGE_MS).toBeGreaterThanOrEqual(worstAgeMs)
    expect(OLD_PAGE_MS).toBeLessThanOrEqual(worstAgeMs + 5 * 60_000)
  })
})
