/**
 * A slow or hung upstream must not hold a render for its whole timeout when a last good answer
 * exists: after `ms` the caller gets `meanwhile()` and the work goes on for the next caller
 * (the symbol list's and the tickers' patience, docs/decisions.md "Server pair-list reuse").
 */
export async function withPatience<T>(work: Promise<T>, ms: number, meanwhile: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const impatient = Symbol('impatient')
  const patience = new Promise<typeof impatient>((resolve) => (timer = setTimeout(() => resolve(impatient), ms)))
  try {
    const first = await Promise.race([work, patience])
    return first === impatient ? meanwhile() : (first as T)
  } finally {
    clearTimeout(timer)
  }
}
