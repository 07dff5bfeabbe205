import { createFailureBackoff, type FailureBackoff, type FailureRecord } from '@/lib/http/failure-backoff'

/**
 * An upstream (one API base URL) as the server's refreshes meet it (docs/decisions/pages.md "Server
 * symbol-list reuse"): one refresh at a time, and after a
 * failed one none until the backed-off time. The symbol lists and the tickers both go through it.
 */

/** How one refresh went: live, or failed (why, and still a value to show: a cached copy, the last good). */
export type Attempt<T> = { outcome: 'live'; value: T } | { outcome: 'failed'; value: T; error: Omit<FailureRecord, 'at'> }

/** A refresh: its attempt, or none because the upstream is backed off. */
export type Refreshed<T> = Attempt<T> | { outcome: 'backed-off' }

export interface Upstream {
  readonly backoff: FailureBackoff
  /** Waits for the refresh in progress; then, unless backed off, runs `attempt` and remembers how it went. */
  refresh<T>(attempt: () => Promise<Attempt<T>>): Promise<Refreshed<T>>
}

function createUpstream(backoff: FailureBackoff): Upstream {
  let running: Promise<void> | undefined
  return {
    backoff,
    async refresh<T>(attempt: () => Promise<Attempt<T>>): Promise<Refreshed<T>> {
      while (running) await running
      if (!backoff.mayAttempt()) return { outcome: 'backed-off' }
      const run = attempt().then((done) => {
        if (done.outcome === 'live') backoff.succeeded()
        else backoff.failed(done.error)
        return done
      })
      // The back-off is up to date before the next refresh waiting here looks at it.
      const settled = run.then(
        () => undefined,
        () => undefined,
      )
      const gate: Promise<void> = settled.finally(() => {
        if (running === gate) running = undefined
      })
      running = gate
      return run
    },
  }
}

/** The process's upstreams by base URL, each made on first use. */
export function createUpstreams(options: { now: () => number; random: () => number }): (base: string) => Upstream {
  const upstreams = new Map<string, Upstream>()
  return (base) => {
    let upstream = upstreams.get(base)
    if (!upstream) upstreams.set(base, (upstream = createUpstream(createFailureBackoff(options))))
    return upstream
  }
}
