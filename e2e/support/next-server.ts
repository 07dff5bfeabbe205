import { spawn } from 'node:child_process'

export interface RunningServer {
  port: number
  output: () => string
  stop(): Promise<void>
}

function spawnNext(port: number, env: Record<string, string>) {
  const child = spawn('npx', ['next', 'start', '-p', String(port)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = { text: '' }
  child.stdout.on('data', (chunk) => (log.text += chunk))
  child.stderr.on('data', (chunk) => (log.text += chunk))
  return { child, log }
}

/** Starts another `next start` on the existing build with its own environment (no rebuild). */
export async function startNext(port: number, env: Record<string, string>): Promise<RunningServer> {
  const { child, log } = spawnNext(port, env)
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log.text}`)
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    )
    if (answered) break
    if (Date.now() > deadline) throw new Error(`next start did not answer on ${port}:\n${log.text}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    port,
    output: () => log.text,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Runs `next start` expecting it to refuse to start; returns its exit code and output. */
export function startNextExpectingFailure(port: number, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, log } = spawnNext(port, env)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`next start kept running with a bad configuration:\n${log.text}`))
    }, 30_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output: log.text })
    })
  })
}
