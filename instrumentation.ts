// Runs once when the server starts. The Node-only part lives in its own modules so the edge
// bundle never sees process.exit (Next docs: instrumentation, "runtime-specific code").
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // Validates the configuration and, in fleet mode, connects to Redis now (/api/ready waits for it).
  await (await import('./server/fleet/startup')).start()
  const [{ guardPageResponses }, { logger, metrics }] = await Promise.all([import('./server/pages/page-responses'), import('./server/ops/observability')])
  // One line and a counter per 503 for a pair no trusted list knows; no stack: nothing failed here.
  guardPageResponses({
    unconfirmed(pair) {
      metrics.unconfirmedPairs.inc({ region: pair.region, source: pair.source })
      logger.warn(pair, 'pair not in the cached symbol list: 503 with Retry-After')
    },
  })
}
