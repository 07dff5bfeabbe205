import { createMemoryStorage } from '../storage/memory'
import { BOOK_STEP_KEY, BOOK_STEPS_KEPT, keepBookStep, readBookStep } from './book-step'

describe('the grouping step kept per pair', () => {
  it('the finest step by default, the kept one per pair, the finest again when the pair no longer offers it', () => {
    const storage = createMemoryStorage()
    expect(readBookStep(storage, 'BTCUSDT', ['0.01', '0.1', '1'])).toBe('0.01')
    keepBookStep(storage, 'BTCUSDT', '1')
    keepBookStep(storage, 'ETHUSDT', '0.1')
    expect(readBookStep(storage, 'BTCUSDT', ['0.01', '0.1', '1'])).toBe('1')
    expect(readBookStep(storage, 'ETHUSDT', ['0.01', '0.1'])).toBe('0.1')
    expect(readBookStep(storage, 'BTCUSDT', ['0.01', '0.1'])).toBe('0.01')
  })

  it('forgets the oldest pairs past the limit, and reads junk as nothing kept', () => {
    const storage = createMemoryStorage()
    for (let i = 0; i <= BOOK_STEPS_KEPT; i++) keepBookStep(storage, `P${i}USDT`, '1')
    expect(readBookStep(storage, 'P0USDT', ['0.1', '1'])).toBe('0.1')
    expect(readBookStep(storage, `P${BOOK_STEPS_KEPT}USDT`, ['0.1', '1'])).toBe('1')
    storage.setItem(BOOK_STEP_KEY, '[1')
    expect(readBookStep(storage, 'P1USDT', ['0.1', '1'])).toBe('0.1')
  })
})
