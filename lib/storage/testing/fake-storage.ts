import type { StorageLike } from '../browser'

/** A Web Storage double with a real quota: throws a DOMException QuotaExceededError like browsers do. */
export class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>()
  constructor(private readonly quotaChars = Infinity) {}
  used(): number {
    let n = 0
    for (const [k, v] of this.items) n += k.length + v.length
    return n
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    const old = this.items.get(key)
    const next = this.used() - (old === undefined ? 0 : key.length + old.length) + key.length + value.length
    if (next > this.quotaChars) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
}
