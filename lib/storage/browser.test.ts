import { createBrowserStorage, type StorageLike } from './browser'
import { FakeStorage } from './testing/fake-storage'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY, SYMBOL_STORAGE_KEYS } from '../symbols/storage-keys'
import { LOCAL_CACHE_LIMIT_CHARS } from './limits'
import type { StorageProblem } from './storage'

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError')

function setup(backing: StorageLike | (() => StorageLike), budgetChars?: number) {
  const problems: StorageProblem[] = []
  const storage = createBrowserStorage(backing, { ownKeys: SYMBOL_STORAGE_KEYS, budgetChars, onProblem: (p) => problems.push(p) })
  return { storage, problems }
}

describe('browser storage adapter', () => {
  it('reads and writes our keys', () => {
    const fake = new FakeStorage()
    const { storage } = setup(fake)
    expect(storage.setItem(SYMBOL_CACHE_KEY, 'abc')).toBe(true)
    expect(storage.getItem(SYMBOL_CACHE_KEY)).toBe('abc')
    storage.removeItem(SYMBOL_CACHE_KEY)
    expect(fake.items.size).toBe(0)
  })

  it('refuses keys that are not its own (a programming error)', () => {
    const { storage } = setup(new FakeStorage())
    expect(() => storage.setItem('BYBIT_LANG_KEY', 'en')).toThrow(RangeError)
  })

  it('never writes more than the SPEC §9 budget across our keys', () => {
    const fake = new FakeStorage()
    const { storage, problems } = setup(fake)
    const big = 'x'.repeat(3_000_000)
    expect(storage.setItem(SYMBOL_CACHE_KEY, big)).toBe(true)
    expect(storage.setItem(INCREMENTAL_CACHE_KEY, big)).toBe(false)
    expect(fake.getItem(INCREMENTAL_CACHE_KEY)).toBeNull()
    expect(problems.map((p) => p.kind)).toEqual(['budget'])
    // Exactly at the budget is allowed; one character more is not.
    const rest = LOCAL_CACHE_LIMIT_CHARS - SYMBOL_CACHE_KEY.length - big.length - INCREMENTAL_CACHE_KEY.length
    expect(storage.setItem(INCREMENTAL_CACHE_KEY, 'y'.repeat(rest + 1))).toBe(false)
    expect(storage.setItem(INCREMENTAL_CACHE_KEY, 'y'.repeat(rest))).toBe(true)
    expect(fake.used()).toBe(LOCAL_CACHE_LIMIT_CHARS)
  })

  it('a full quota evicts only our own keys and keeps running', () => {
    const fake = new FakeStorage(1000)
    fake.setItem('BYBIT_THEME_KEY', 'dark')
    fake.setItem('someone_else', 'z'.repeat(500))
    const { storage, problems } = setup(fake)
    expect(storage.setItem(INCREMENTAL_CACHE_KEY, 'a'.repeat(300))).toBe(true)
    // 500 + 300 + keys already used: a 400-character write only fits once our old record is gone.
    expect(storage.setItem(SYMBOL_CACHE_KEY, 'b'.repeat(400))).toBe(true)
    expect(fake.getItem(INCREMENTAL_CACHE_KEY)).toBeNull()
    expect(fake.getItem('BYBIT_THEME_KEY')).toBe('dark')
    expect(fake.getItem('someone_else')).toHaveLength(500)
    expect(problems.filter((p) => p.kind === 'quota').length).toBeGreaterThan(0)
    // Nothing of ours can make room for this one: refused, and other data still untouched.
    expect(storage.setItem(SYMBOL_CACHE_KEY, 'c'.repeat(900))).toBe(false)
    expect(fake.getItem('someone_else')).toHaveLength(500)
  })

  it('survives a SecurityError on the localStorage property itself', () => {
    const { storage, problems } = setup(() => {
      throw securityError()
    })
    expect(storage.getItem(SYMBOL_CACHE_KEY)).toBeNull()
    expect(storage.setItem(SYMBOL_CACHE_KEY, 'x')).toBe(false)
    expect(() => storage.removeItem(SYMBOL_CACHE_KEY)).not.toThrow()
    expect(problems[0]).toMatchObject({ kind: 'unavailable' })
    expect(problems[0]?.detail).toContain('SecurityError')
  })

  it('survives a SecurityError on every call', () => {
    const hostile: StorageLike = {
      getItem: () => {
        throw securityError()
      },
      setItem: () => {
        throw securityError()
      },
      removeItem: () => {
        throw securityError()
      },
    }
    const { storage, problems } = setup(hostile)
    expect(storage.getItem(SYMBOL_CACHE_KEY)).toBeNull()
    expect(storage.setItem(SYMBOL_CACHE_KEY, 'x')).toBe(false)
    storage.removeItem(SYMBOL_CACHE_KEY)
    // Reported, and only as `unavailable` (a bare `every` would also pass on no report at all).
    expect(problems.length).toBeGreaterThanOrEqual(3)
    expect(new Set(problems.map((p) => p.kind))).toEqual(new Set(['unavailable']))
  })
})
