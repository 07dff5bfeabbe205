/**
 * A slow or hung upstream must not hold a render for its whole timeout when a last good answer
 * exists: after `ms` the caller gets `meanwhile()` and the work goes on for the next caller
 * (docs/decisions/pages.md "Server pair-list reuse"). The project's one timeout race: the pair lists'
 * and the tickers' patience (server/refresh.ts), /api/health's and /api/ready's budget.
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
