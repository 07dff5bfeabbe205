import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, sep } from 'node:path'

export interface RunningServer {
  port: number
  /** What the server has printed so far (its JSON log lines). */
  output(): string
  stop(): Promise<void>
}

// Playwright runs from the project root.
const nextBin = resolve('node_modules/next/dist/bin/next')

/**
 * A project folder with this build but its own, empty ISR cache. A second `next start` on the
 * same `.next` would write pages rendered under *its* configuration into the cache the main
 * e2e server serves from (seen in CI: another region list and port baked into cached HTML).
 */
export function isolatedProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spot-e2e-next-'))
  const skip = [`${sep}.next${sep}cache`, `${sep}route-cache`]
  cpSync('.next', join(dir, '.next'), { recursive: true, verbatimSymlinks: true, filter: (src) => !skip.some((part) => src.includes(part)) })
  for (const name of ['node_modules', 'package.json', 'next.config.ts', 'public']) symlinkSync(resolve(name), join(dir, name))
  return dir
}

async function answers(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  )
}

function spawnNext(dir: string, port: number, env: Record<string, string>) {
  // Its own process group, so stop() ends next-server and anything it forked, not just a wrapper.
  const child = spawn(process.execPath, [nextBin, 'start', dir, '-p', String(port)], {
    // DEMO_DEFAULTS=1 unless a test overrides it (the production start checks pass '0').
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DEMO_DEFAULTS: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const log = { text: '' }
  child.stdout.on('data', (chunk) => (log.text += chunk))
  child.stderr.on('data', (chunk) => (log.text += chunk))
  return { child, log }
}

function stopGroup(child: ChildProcess, dir: string): Promise<void> {
  return new Promise((resolveStop) => {
    const done = () => {
      rmSync(dir, { recursive: true, force: true })
      resolveStop()
    }
    if (child.exitCode !== null || child.pid === undefined) return done()
    const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      done()
    })
    process.kill(-child.pid, 'SIGTERM')
  })
}

/** Starts another `next start` on a copy of the existing build with its own environment (no rebuild). */
export async function startNext(port: number, env: Record<string, string>): Promise<RunningServer> {
  if (await answers(port)) throw new Error(`port ${port} is already serving: a leftover server would answer instead`)
  const dir = isolatedProject()
  const { child, log } = spawnNext(dir, port, env)
  const deadline = Date.now() + 30_000
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log.text}`)
    if (Date.now() > deadline) {
      await stopGroup(child, dir)
      throw new Error(`next start did not answer on ${port}:\n${log.text}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { port, output: () => log.text, stop: () => stopGroup(child, dir) }
}

/** Runs `next start` expecting it to refuse to start; returns its exit code and output. */
export async function startNextExpectingFailure(port: number, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = isolatedProject()
  const { child, log } = spawnNext(dir, port, env)
  return new Promise((resolveRun, reject) => {
    const timer = setTimeout(() => {
      void stopGroup(child, dir)
      reject(new Error(`next start kept running with a bad configuration:\n${log.text}`))
    }, 30_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      rmSync(dir, { recursive: true, force: true })
      resolveRun({ code, output: log.text })
    })
  })
}
