import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, connect } from 'node:net'
import { eventually } from '@/testing/eventually'

/**
 * A real redis-server for tests: a plain process on a free port, no persistence, stopped
 * afterwards. `stop()` kills it (SIGKILL: a crash, not a shutdown), `start()` brings it back
 * empty on the same port, `pause()`/`resume()` make it hang (SIGSTOP/SIGCONT: a slow Redis).
 */
export interface TestRedis {
  url: string
  port: number
  start(): Promise<void>
  stop(): Promise<void>
  pause(): void
  resume(): void
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
  })

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
      const started = child
      await eventually(`redis-server on port ${port} to answer PING`, async () => {
        if (started.exitCode !== null) throw new Error(`redis-server exited with code ${started.exitCode}`)
        return answers(port)
      })
    },
    async stop() {
      const running = child
      child = undefined
      if (!running || running.exitCode !== null) return
      const exited = new Promise((r) => running.once('exit', r))
      running.kill('SIGKILL')
      await exited
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  }
  await redis.start()
  return redis
}
