import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { outputTail, start, type Started } from './processes'

export interface RunningServer {
  port: number
  /** What the server has printed so far (its JSON log lines). */
  output(): string
  stop(): Promise<void>
}

// Its callers (Playwright, scripts/fleet) run from the project root.
const nextBin = resolve('node_modules/next/dist/bin/next')

/**
 * A project folder with this build (or the one in `distDir`) but its own, empty ISR cache. A second `next start` on the
 * same `.next` would write pages rendered under *its* configuration into the cache the main
 * e2e server serves from (seen in CI: another region list and port baked into cached HTML).
 */
export function isolatedProject(distDir = '.next'): string {
  const dir = mkdtempSync(join(tmpdir(), 'spot-e2e-next-'))
  // Not its caches, nor a second build beside it (scripts/fleet/second-build.ts).
  const from = resolve(distDir)
  const skipped = (src: string) => ['cache', 'second'].includes(relative(from, src).split(sep)[0]!) || src.includes(`${sep}route-cache`)
  // Symlinks (Turbopack's `.next/node_modules/<package>-<hash>`) made absolute: relative ones from a
  // build one folder deeper would miss the packages in the copy.
  cpSync(from, join(dir, '.next'), { recursive: true, verbatimSymlinks: false, filter: (src) => !skipped(src) })
  for (const name of ['node_modules', 'package.json', 'next.config.ts', 'public']) symlinkSync(resolve(name), join(dir, name))
  return dir
}

async function answers(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  )
}

function spawnNext(dir: string, port: number, env: Record<string, string>): Started {
  return start(`next start :${port}`, process.execPath, [nextBin, 'start', dir, '-p', String(port)], {
    cwd: process.cwd(),
    // DEMO_DEFAULTS=1 unless a test overrides it (the production start checks pass '0').
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DEMO_DEFAULTS: '1', PORT: String(port), ...env },
    output: 'capture',
  })
}

async function stopAndRemove(server: Started, dir: string): Promise<void> {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}

/** Starts another `next start` on a copy of the existing build with its own environment (no rebuild). */
export async function startNext(port: number, env: Record<string, string>): Promise<RunningServer> {
  if (await answers(port)) throw new Error(`port ${port} is already serving: a leftover server would answer instead`)
  const dir = isolatedProject()
  const server = spawnNext(dir, port, env)
  let exitCode: number | null | undefined
  void server.exited.then((code) => (exitCode = code))
  const deadline = Date.now() + 30_000
  while (!(await answers(port))) {
    if (exitCode !== undefined) throw new Error(`next start exited with ${exitCode}:\n${server.output()}`)
    if (Date.now() > deadline) {
      await stopAndRemove(server, dir)
      throw new Error(`next start did not answer on ${port}:\n${outputTail(server, 50)}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { port, output: () => server.output(), stop: () => stopAndRemove(server, dir) }
}

/** Runs `next start` expecting it to refuse to start; returns its exit code and output. */
export async function startNextExpectingFailure(port: number, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = isolatedProject()
  const server = spawnNext(dir, port, env)
  let timer: ReturnType<typeof setTimeout> | undefined
  const kept = new Promise<'running'>((resolveTimer) => (timer = setTimeout(() => resolveTimer('running'), 30_000)))
  const code = await Promise.race([server.exited, kept])
  clearTimeout(timer)
  if (code === 'running') {
    await stopAndRemove(server, dir)
    throw new Error(`next start kept running with a bad configuration:\n${server.output()}`)
  }
  rmSync(dir, { recursive: true, force: true })
  return { code, output: server.output() }
}
