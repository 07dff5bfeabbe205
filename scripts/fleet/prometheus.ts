/**
 * Prometheus beside the fleet (README "Operating the fleet"): deploy/prometheus.yml and its
 * rule files (alerts.yml, web-vitals.rules.yml) as committed, the instance list and nginx's
 * exporter written into targets/, and, with a speedup
 * (FLEET_ALERT_SPEEDUP), every interval, `for:` and range window divided by it so an alert can
 * be seen firing in seconds (docs/decisions/fleet.md "Prometheus scrapes each instance"). Also
 * Debian's prometheus-nginx-exporter beside nginx, when installed (docs/decisions/fleet.md
 * "nginx is scraped through its exporter").
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { start, waitForHttp, type Started } from '../support/processes'

export interface PrometheusOptions {
  root: string
  /** Where the run's configuration and data go (a temporary folder of the caller's). */
  dir: string
  logDir: string
  port: number
  /** host:port of every instance (each scraped on its own, never through nginx). */
  instances: readonly string[]
  /** host:port of nginx's exporter (the `nginx` job); none: the job has no target. */
  nginxExporter?: string
  /** Divides every duration of deploy/ (1: as committed). */
  speedup?: number
}

export interface RunningPrometheus {
  url: string
  process: Started
  stop(): Promise<void>
}

const NGINX_EXPORTER = 'prometheus-nginx-exporter'

/** The installed binary: /usr/bin/<name> (Debian), else on PATH; undefined when neither. */
function installed(name: string): string | undefined {
  return [
    join('/usr/bin', name),
    ...(process.env.PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((dir) => join(dir, name)),
  ].find((path) => existsSync(path))
}

/** FLEET_ALERT_SPEEDUP: a whole number from 1 (the default: durations as committed) to 600. */
export function speedupFrom(env: Partial<Record<string, string>>): number {
  const raw = env.FLEET_ALERT_SPEEDUP ?? '1'
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 600) throw new Error(`FLEET_ALERT_SPEEDUP=${raw}: a whole number from 1 to 600`)
  return value
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const

/** One Prometheus duration (`15s`, `5m`) divided by `speedup`, never under a second. */
function scaled(amount: string, unit: keyof typeof UNIT_MS, speedup: number): string {
  if (speedup === 1) return `${amount}${unit}`
  return `${Math.max(1000, Math.round((Number(amount) * UNIT_MS[unit]) / speedup))}ms`
}

/** The intervals (`scrape_interval: 15s`), `for:` times and range windows (`[5m]`) of a file, divided. */
export function scaleDurations(text: string, speedup: number): string {
  return text
    .replace(
      /^(\s*(?:scrape_interval|evaluation_interval|scrape_timeout|for): )(\d+)(ms|s|m|h)\s*$/gm,
      (_, key: string, n: string, unit: keyof typeof UNIT_MS) => `${key}${scaled(n, unit, speedup)}`,
    )
    .replace(/\[(\d+)(ms|s|m|h)\]/g, (_, n: string, unit: keyof typeof UNIT_MS) => `[${scaled(n, unit, speedup)}]`)
}

/** Writes the run's prometheus.yml, its rule files, targets/spot-site.json and targets/nginx.json into `dir`. */
export function writePrometheusConfig(options: Pick<PrometheusOptions, 'root' | 'dir' | 'instances' | 'nginxExporter' | 'speedup'>): string {
  const speedup = options.speedup ?? 1
  const from = (name: string) => scaleDurations(readFileSync(join(options.root, 'deploy', name), 'utf8'), speedup)
  mkdirSync(join(options.dir, 'targets'), { recursive: true })
  for (const rules of ['alerts.yml', 'web-vitals.rules.yml']) writeFileSync(join(options.dir, rules), from(rules))
  writeFileSync(join(options.dir, 'targets', 'spot-site.json'), JSON.stringify([{ targets: options.instances, labels: { fleet: 'local' } }]))
  const nginx = options.nginxExporter ? [{ targets: [options.nginxExporter], labels: { fleet: 'local' } }] : []
  writeFileSync(join(options.dir, 'targets', 'nginx.json'), JSON.stringify(nginx))
  const config = join(options.dir, 'prometheus.yml')
  writeFileSync(config, from('prometheus.yml'))
  return config
}

/** Starts Prometheus on 127.0.0.1:port and waits until it is ready; undefined when it is not installed. */
export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus | undefined> {
  const bin = installed('prometheus')
  if (!bin) return undefined
  const config = writePrometheusConfig(options)
  const args = [
    `--config.file=${config}`,
    `--storage.tsdb.path=${join(options.dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${options.port}`,
    '--storage.tsdb.retention.time=1d',
  ]
  const running = start('prometheus', bin, args, { cwd: options.dir, env: process.env, output: { logFile: join(options.logDir, 'prometheus.log') } })
  try {
    await waitForHttp(running, options.port, '/-/ready', 30_000)
    // It answers 503 while it replays its write-ahead log and loads the rules.
    const deadline = Date.now() + 30_000
    while (
      !(await fetch(`http://127.0.0.1:${options.port}/-/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`prometheus not ready on :${options.port}; log: ${running.logFile}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } catch (error) {
    await running.stop()
    throw error
  }
  return { url: `http://127.0.0.1:${options.port}`, process: running, stop: async () => void (await running.stop()) }
}

export interface RunningNginxExporter {
  /** Its metrics page. */
  url: string
  /** host:port, for PrometheusOptions.nginxExporter. */
  target: string
  process: Started
  stop(): Promise<void>
}

/**
 * Debian's prometheus-nginx-exporter on 127.0.0.1:port, reading nginx's stub_status (`statusUrl`:
 * Fleet.statusUrl); resolves once it answers /metrics. Undefined when it is not installed. It
 * exits when nginx does not answer at its start, so nginx goes first.
 */
export async function startNginxExporter(options: { logDir: string; port: number; statusUrl: string }): Promise<RunningNginxExporter | undefined> {
  const bin = installed(NGINX_EXPORTER)
  if (!bin) return undefined
  // Flags only, with a bare environment: the exporter reads SCRAPE_URI, TIMEOUT, CONST_LABELS and
  // others from it as defaults. `--flag` is read by this version (Go's flag) and later ones alike.
  const args = [`--nginx.scrape-uri=${options.statusUrl}`, `--web.listen-address=127.0.0.1:${options.port}`]
  const running = start(NGINX_EXPORTER, bin, args, {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV },
    output: { logFile: join(options.logDir, 'nginx-exporter.log') },
  })
  try {
    await waitForHttp(running, options.port, '/metrics', 10_000)
  } catch (error) {
    await running.stop()
    throw error
  }
  const target = `127.0.0.1:${options.port}`
  return { url: `http://${target}/metrics`, target, process: running, stop: async () => void (await running.stop()) }
}
