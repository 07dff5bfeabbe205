// Runs once when the server starts. The Node-only part lives in its own module so the edge
// bundle never sees process.exit (Next docs: instrumentation, "runtime-specific code").
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./server/startup')).start()
}
