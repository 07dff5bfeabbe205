/**
 * A promise watched for settling, for the negatives of a test: "not answered yet" is read after
 * an event that would have come later (another request answered, a marker), never after a pause
 * (docs/decisions/stack.md "Tests wait for events, not for time").
 *
 *     const slow = pending(get('alt2', '/t1'))
 *     await get('alt1', '/t1') // answered: a later request
 *     expect(slow.settled).toBe(false)
 */
export interface Pending<T> {
  readonly promise: Promise<T>
  /** True once the promise has resolved or rejected. */
  readonly settled: boolean
}

export function pending<T>(promise: Promise<T>): Pending<T> {
  let settled = false
  const watched = promise.finally(() => (settled = true))
  // The caller awaits `promise`; a rejection it handles must not surface here as unhandled.
  watched.catch(() => {})
  return {
    promise: watched,
    get settled() {
      return settled
    },
  }
}
