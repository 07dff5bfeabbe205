/**
 * The one way the demo, the bench and the e2e support start and stop processes (simulator, next
 * build, next start), and only those, stopped again whatever happens. Each runs in its own
 * process group (detached) so that stopping it also stops what it spawned itself (tsx runs the
 * simulator in a child node; npx runs next), and so that a Ctrl-C in the terminal reaches the
 * caller alone, which then stops them in order.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { constants } from 'node:os'
import { dirname } from 'node:path'
import { request } from '../bench/http'

export interface Started {
  name: string
  /** Where its output goes; '' when captured or inherited. */
  logFile: string
  /** Leader of its process group (for a test that kills it without warning). */
  pid: number | undefined
  /** What it printed so far, when started with output 'capture'; '' otherwise. */
  output(): string
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>
  /** How it ended ("exit 1", "SIGKILL") when it ended without stop(); otherwise undefined. */
  endedOnItsOwn(): string | undefined
  /** SIGTERM, then SIGKILL after 5 s; resolves true when it took the SIGKILL. */
  stop(): Promise<boolean>
}

const running = new Set<ChildProcess>()

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

// Last resort when the caller itself dies: exit handlers run synchronously, so no waiting here.
process.on('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL')
})

export interface StartOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /**
   * A log file (the bench: its own output stays readable), 'capture' (tests read output()) or
   * 'inherit' (the demo: the site's output is the demo's).
   */
  output: { logFile: string } | 'capture' | 'inherit'
}

function spawnGroup(command: string, args: string[], { cwd, env, output }: StartOptions): { child: ChildProcess; logFile: string; log: { text: string } } {
  const log = { text: '' }
  if (output === 'inherit' || output === 'capture') {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (chunk) => (log.text += chunk))
    child.stderr?.on('data', (chunk) => (log.text += chunk))
    return { child, logFile: '', log }
  }
  mkdirSync(dirname(output.logFile), { recursive: true })
  const fd = openSync(output.logFile, 'w')
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] })
  closeSync(fd) // the child holds its own copy
  return { child, logFile: output.logFile, log }
}

export function start(name: string, command: string, args: string[], options: StartOptions): Started {
  const { child, logFile, log } = spawnGroup(command, args, options)
  running.add(child)
  let how: string | undefined
  let stopRequested = false
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child)
      how = signal ?? describeExit(code)
      resolve(code)
    })
    child.on('error', (error) => {
      running.delete(child)
      how = `failed to start: ${error.message}`
      resolve(-1)
    })
  })
  const stop = async () => {
    stopRequested = true
    let forced = false
    signalGroup(child, 'SIGTERM')
    const timer = setTimeout(() => {
      forced = true
      signalGroup(child, 'SIGKILL')
    }, 5_000)
    await exited
    clearTimeout(timer)
    // Children of the group (e.g. tsx's node) may outlive the leader by a moment.
    signalGroup(child, 'SIGKILL')
    return forced
  }
  return { name, logFile, pid: child.pid, output: () => log.text, exited, endedOnItsOwn: () => (stopRequested ? undefined : how), stop }
}

/** Processes that ended before the caller stopped them: the likely cause of a failed request. */
export function unexpectedExits(started: Started[]): string[] {
  return started.flatMap((one) => {
    const how = one.endedOnItsOwn()
    return how === undefined ? [] : [`${one.name} ended (${how}); last lines of its output:\n${outputTail(one, 10)}`]
  })
}

/** Stops them newest first (the site before the simulator it talks to); names those that needed SIGKILL. */
export async function stopAll(started: Started[]): Promise<string[]> {
  const forced: string[] = []
  for (const one of [...started].reverse()) if (await one.stop()) forced.push(one.name)
  return forced
}

/** Next exits with 128 + n after handling signal n: name the signal, since a stranger may have sent it. */
function describeExit(code: number | null): string {
  const signal = Object.entries(constants.signals).find(([, number]) => code !== null && code === 128 + number)?.[0]
  return signal ? `exit ${code}: it got ${signal}, not from its starter` : `exit ${code}`
}

/** The last lines of what it printed (log file or captured), to show why a process failed. */
export function outputTail(started: Started, lines = 20): string {
  try {
    const text = started.logFile === '' ? started.output() : readFileSync(started.logFile, 'utf8')
    return text.trimEnd().split('\n').slice(-lines).join('\n') || '(no output)'
  } catch {
    return '(no log)'
  }
}

/** True when something already listens on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Waits until `path` answers any HTTP status; fails early if the process exits first. */
export async function waitForHttp(started: Started, port: number, path: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exitCode: number | null | undefined
  void started.exited.then((code) => (exitCode = code))
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${started.name} exited (${exitCode}) before answering:\n${outputTail(started)}`)
    try {
      await request({ port, path, timeoutMs: 2_000 })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`${started.name} did not answer on :${port}${path} within ${timeoutMs} ms:\n${outputTail(started)}`)
}
