/**
 * A kept page against a file, with wrk (Debian's; one C thread, so the load generator is not the
 * limit near 10k req/s as autocannon's one Node thread was): the pair page as the edge sends a HIT,
 * and the same bytes published as a static file in the edge's static root, through the same nginx,
 * gzip (as phones ask) and identity, in interleaved rounds; the figure is the median of each
 * round's page / file ratio (docs/decisions/fleet.md "The edge against hostile clients"). Part of
 * `npm run bench` (scripts/bench-fleet.ts); `npx tsx scripts/bench/edge-hit.ts` runs it alone
 * against a one-instance fleet on the bench simulator (needs a build).
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { header, request } from './http'
import { figure, median, type Figure } from './report'
import { stopAll } from '../support/processes'
import { startFleet, type Fleet } from '../fleet/fleet'
import { assertFree, SIM_PORTS, startSimulator } from './stack'

const run = promisify(execFile)

export interface WrkFigures {
  rps: number
  non2xx: number
  errors: number
}

/** Rounds of the four loads (BENCH_EDGE_ROUNDS, at least 3), seconds each (BENCH_EDGE_SECONDS). */
const ROUNDS = Math.max(3, Number(process.env.BENCH_EDGE_ROUNDS ?? 3))
const SECONDS = Math.max(2, Number(process.env.BENCH_EDGE_SECONDS ?? 5))
const CONNECTIONS = 32

/** wrk's summary: requests a second, and what failed (non-2xx/3xx answers, socket errors). */
export function parseWrk(out: string): WrkFigures {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  if (!Number.isFinite(rps)) throw new Error(`wrk printed no Requests/sec:\n${out}`)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const errors = [...(/Socket errors:([^\n]*)/.exec(out)?.[1] ?? '').matchAll(/(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0)
  return { rps, non2xx, errors }
}

async function wrk(port: number, path: string, headers: Record<string, string>): Promise<WrkFigures> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])]
  const { stdout } = await run('wrk', [...args, `http://127.0.0.1:${port}${path}`])
  return parseWrk(stdout)
}

export async function runEdgeHitBench(
  fleet: Fleet,
  port: number,
  page: string,
  say: (line: string) => void,
): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const host = { Host: 'localhost' }
  const gzip = { ...host, 'Accept-Encoding': 'gzip' }
  // The page's own bytes as the edge keeps them, published beside the build's files.
  const identity = await request({ port, path: page, host: 'localhost' })
  const zipped = await request({ port, path: page, host: 'localhost', headers: { 'accept-encoding': 'gzip' } })
  const dir = join(fleet.staticRoot, '_next', 'static', 'bench')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'page.html'), identity.body)
  writeFileSync(join(dir, 'page.html.gz'), header(zipped, 'content-encoding') === 'gzip' ? zipped.body : gzipSync(identity.body))
  const kept = await request({ port, path: page, host: 'localhost', headers: { 'accept-encoding': 'gzip' } })
  const file = await request({ port, path: '/_next/static/bench/page.html', host: 'localhost', headers: { 'accept-encoding': 'gzip' } })
  const headerBytes = (reply: typeof kept) => Object.entries(reply.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0)
  const shape = {
    hit: header(kept, 'x-cache-status'),
    framing: header(kept, 'content-length') ? 'content-length' : header(kept, 'transfer-encoding'),
    pageHeaderBytes: headerBytes(kept),
    fileHeaderBytes: headerBytes(file),
    internal: Object.keys(kept.headers).filter((name) => name.startsWith('x-nextjs')),
    bytes: { identity: identity.body.length, gzip: zipped.body.length },
  }
  say(
    `  a kept page at a file's cost (wrk -t1 -c${CONNECTIONS}, ${SECONDS} s each, ${ROUNDS} interleaved rounds): ${page} ${shape.hit}, ${shape.framing}, ${shape.pageHeaderBytes} B of headers (the file ${shape.fileHeaderBytes}), internal headers: ${shape.internal.join(' ') || 'none'}`,
  )
  const rounds: Record<'page' | 'file' | 'pageGzip' | 'fileGzip', WrkFigures[]> = { page: [], file: [], pageGzip: [], fileGzip: [] }
  for (let round = 0; round < ROUNDS; round++) {
    rounds.page.push(await wrk(port, page, host))
    rounds.file.push(await wrk(port, '/_next/static/bench/page.html', host))
    rounds.pageGzip.push(await wrk(port, page, gzip))
    rounds.fileGzip.push(await wrk(port, '/_next/static/bench/page.html', gzip))
    say(
      `    round ${round + 1}: identity page ${rounds.page[round]!.rps.toFixed(0)} / file ${rounds.file[round]!.rps.toFixed(0)} req/s; gzip page ${rounds.pageGzip[round]!.rps.toFixed(0)} / file ${rounds.fileGzip[round]!.rps.toFixed(0)} req/s`,
    )
  }
  const ratio = (a: WrkFigures[], b: WrkFigures[]) => median(a.map((x, i) => x.rps / b[i]!.rps))
  const failed = Object.values(rounds)
    .flat()
    .reduce((sum, f) => sum + f.non2xx + f.errors, 0)
  const goal = { text: '≥ 0.9', met: (v: number) => v >= 0.9 }
  const figures = [
    figure('edge HIT / the same bytes as a file, gzip (wrk)', ratio(rounds.pageGzip, rounds.fileGzip), '×', goal),
    figure('edge HIT / the same bytes as a file, identity (wrk)', ratio(rounds.page, rounds.file), '×', goal),
    figure('edge HIT req/s, gzip (wrk, median)', median(rounds.pageGzip.map((f) => f.rps)), 'req/s'),
    figure('edge HIT internal headers sent', shape.internal.length, '', { text: '0', met: (v) => v === 0 }),
    figure('edge HIT wrk non-2xx or errors', failed, '', { text: '0', met: (v) => v === 0 }),
  ]
  return { figures, details: { shape, rounds } }
}

if (require.main === module) {
  const root = resolve(__dirname, '..', '..')
  const logDir = join(tmpdir(), 'spot-bench-edge-hit')
  const base = Number(process.env.BENCH_FLEET_PORT ?? 3380)
  const sim = (name: keyof typeof SIM_PORTS) => `http://127.0.0.1:${SIM_PORTS[name]}`
  void (async () => {
    await assertFree(base, base + 1, base + 5, base + 6)
    const simulator = await startSimulator(root, logDir)
    let fleet: Fleet | undefined
    try {
      fleet = await startFleet({
        root,
        logDir,
        nginxPort: base,
        uncachedPort: base + 6,
        statusPort: base + 5,
        instancePorts: [base + 1],
        redisPort: null,
        upstream: {
          apiBaseUrl: sim('main'),
          apiHosts: [sim('main'), sim('alt1'), sim('alt2')],
          fastPathHost: sim('fastPath'),
          fastPathWsUrl: `ws://127.0.0.1:${SIM_PORTS.fastPath}/ws`,
        },
      })
      const page = '/en/trade/spot/BTC/USDT'
      for (let i = 0; i < 4; i++)
        for (const headers of [{}, { 'accept-encoding': 'gzip' }]) await request({ port: base, path: page, host: 'localhost', headers })
      const { figures } = await runEdgeHitBench(fleet, base, page, (line) => console.log(line))
      for (const f of figures) console.log(`  → ${f.name}: ${f.value?.toFixed(2)} ${f.unit} ${f.goal ? `goal ${f.goal}: ${f.met ? 'met' : 'MISSED'}` : ''}`)
    } finally {
      await fleet?.stop()
      await stopAll([simulator])
    }
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
