/**
 * The monitor interface every engine logs through (SPEC §7: "Monitoring logs go to a client
 * monitor, not a product API"). Server code passes a pino-backed monitor, the browser a batching
 * one, tests a recording one (lib/testing/recording-monitor.ts).
 */
export interface Monitor {
  /** An incident code of SPEC §8 (e.g. 11511509 "v3 request error") with context. */
  incident(code: number, detail?: Record<string, unknown>): void
  /** A named custom event (route switch, fast-path state change, …). */
  event(name: string, detail?: Record<string, unknown>): void
}

export const silentMonitor: Monitor = {
  incident() {},
  event() {},
}
