import { z } from 'zod'
import { createBrowserStorage } from './browser'
import { readJson, writeCheckedJson, writeJson } from './json'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY, SYMBOL_STORAGE_KEYS } from '../symbols/storage-keys'
import { createMemoryStorage } from './memory'
import type { StorageProblem } from './storage'
import { FakeStorage } from './testing/fake-storage'

const schema = z.object({ n: z.number() })

it('a corrupt value is evicted (only that key) and reads as absent afterwards', () => {
  const fake = new FakeStorage()
  fake.setItem(SYMBOL_CACHE_KEY, '{"n":1')
  fake.setItem(INCREMENTAL_CACHE_KEY, '{"n":2}')
  fake.setItem('BYBIT_LANG_KEY', '{not json either')
  const storage = createBrowserStorage(fake, { ownKeys: SYMBOL_STORAGE_KEYS })
  const problems: StorageProblem[] = []
  expect(readJson(storage, SYMBOL_CACHE_KEY, schema, (p) => problems.push(p))).toMatchObject({ status: 'corrupt' })
  expect(fake.getItem(SYMBOL_CACHE_KEY)).toBeNull()
  expect(fake.getItem('BYBIT_LANG_KEY')).toBe('{not json either')
  expect(readJson(storage, INCREMENTAL_CACHE_KEY, schema)).toEqual({ status: 'ok', value: { n: 2 } })
  expect(readJson(storage, SYMBOL_CACHE_KEY, schema)).toEqual({ status: 'absent' })
  expect(problems).toEqual([expect.objectContaining({ kind: 'corrupt', key: SYMBOL_CACHE_KEY })])
})

it('valid JSON of the wrong shape is corrupt too', () => {
  const storage = createMemoryStorage({ k: '{"n":"1"}' })
  expect(readJson(storage, 'k', schema).status).toBe('corrupt')
  expect(storage.getItem('k')).toBeNull()
})

it('never writes nothing', () => {
  const storage = createMemoryStorage()
  expect(writeJson(storage, 'k', null)).toBe(false)
  expect(writeJson(storage, 'k', undefined)).toBe(false)
  expect(storage.keys()).toEqual([])
  expect(writeJson(storage, 'k', { n: 1 })).toBe(true)
  expect(storage.getItem('k')).toBe('{"n":1}')
})

describe('a text already checked is not parsed or checked again', () => {
  it('returns the checked value of the same text, and checks a changed text, another schema or a write afresh', () => {
    const storage = createMemoryStorage({ k: '{"n":1}' })
    const check = jest.spyOn(schema, 'safeParse')
    try {
      const first = readJson(storage, 'k', schema)
      expect(readJson(storage, 'k', schema)).toEqual(first)
      expect(check).toHaveBeenCalledTimes(1)
      storage.setItem('k', '{"n":2}')
      expect(readJson(storage, 'k', schema)).toEqual({ status: 'ok', value: { n: 2 } })
      expect(check).toHaveBeenCalledTimes(2)
      const other = z.object({ n: z.literal(1) })
      expect(readJson(storage, 'k', other).status).toBe('corrupt') // not the value checked with `schema`
      expect(writeJson(storage, 'k', { n: 3 })).toBe(true)
      expect(readJson(storage, 'k', schema)).toEqual({ status: 'ok', value: { n: 3 } })
      expect(check).toHaveBeenCalledTimes(3)
    } finally {
      check.mockRestore()
    }
  })

  it('writeCheckedJson stores the JSON and its checked value, and never writes nothing', () => {
    const storage = createMemoryStorage()
    const check = jest.spyOn(schema, 'safeParse')
    try {
      expect(writeCheckedJson(storage, 'k', schema, null, { n: 0 })).toBe(false)
      expect(storage.keys()).toEqual([])
      const checkedValue = { n: 4 }
      expect(writeCheckedJson(storage, 'k', schema, { n: 4 }, checkedValue)).toBe(true)
      expect(storage.getItem('k')).toBe('{"n":4}')
      expect(readJson(storage, 'k', schema)).toEqual({ status: 'ok', value: checkedValue })
      expect(check).not.toHaveBeenCalled()
    } finally {
      check.mockRestore()
    }
  })
})
