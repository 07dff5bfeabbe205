import { spawn } from 'node:child_process'
import path from 'node:path'
import { ConfigError, parseFaults, parseLatency, parseOrigins, parsePorts, readConfig } from './config'

const DOCUMENTED_FAULTS =
  'main:symbol_list_v3=status:503;alt1:*=refuse;*:t1=alive10017;main:getproxy=proxyRes:8;main:symbol_list_v2=retCode:10006:Too many visits;main:*=slow:2000'

function configError(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('config parsing', () => {
  it('reads the documented ports and latency', () => {
    expect(parsePorts('SIM_PORTS', 'main=4010,alt1=4011,alt2=4012,fastPath=4013,admin=4009')).toEqual({
      main: 4010,
      alt1: 4011,
      alt2: 4012,
      fastPath: 4013,
      admin: 4009,
    })
    expect(parseLatency('SIM_LATENCY', 'main=40, alt1=10 ,alt2=80')).toEqual({ main: 40, alt1: 10, alt2: 80 })
  })

  it('reads the documented fault rules', () => {
    expect(parseFaults('SIM_FAULTS', DOCUMENTED_FAULTS)).toEqual([
      { host: 'main', endpoint: 'symbol_list_v3', fault: { kind: 'status', status: 503 } },
      { host: 'alt1', endpoint: '*', fault: { kind: 'refuse' } },
      { host: '*', endpoint: 't1', fault: { kind: 'alive10017' } },
      { host: 'main', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 8 } },
      { host: 'main', endpoint: 'symbol_list_v2', fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' } },
      { host: 'main', endpoint: '*', fault: { kind: 'slow', ms: 2000 } },
    ])
    expect(parseFaults('SIM_FAULTS', 'fastPath:hats_t1=drip;main:*=oversized:1000;alt2:t1=retCode:1:a:b;')).toEqual([
      { host: 'fastPath', endpoint: 'hats_t1', fault: { kind: 'drip' } },
      { host: 'main', endpoint: '*', fault: { kind: 'oversized', bytes: 1000 } },
      { host: 'alt2', endpoint: 't1', fault: { kind: 'retCode', code: 1, msg: 'a:b' } },
    ])
    expect(parseFaults('SIM_FAULTS', '')).toEqual([])
  })

  it('reads the stream faults, optional arguments and a pair included', () => {
    const rules =
      'main:orderbook_ws=gap:5:BTCUSDT;alt1:orderbook_ws=gap;*:orderbook_ws=malformed:size;main:trade_ws=malformed::ETHUSDT;main:public_ws=silent;alt2:orderbook_ws=restart:BTCUSDT'
    expect(parseFaults('SIM_FAULTS', rules)).toEqual([
      { host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'gap', every: 5, symbol: 'BTCUSDT' } },
      { host: 'alt1', endpoint: 'orderbook_ws', fault: { kind: 'gap' } },
      { host: '*', endpoint: 'orderbook_ws', fault: { kind: 'malformed', what: 'size' } },
      { host: 'main', endpoint: 'trade_ws', fault: { kind: 'malformed', symbol: 'ETHUSDT' } },
      { host: 'main', endpoint: 'public_ws', fault: { kind: 'silent' } },
      { host: 'alt2', endpoint: 'orderbook_ws', fault: { kind: 'restart', symbol: 'BTCUSDT' } },
    ])
    expect(configError(() => parseFaults('SIM_FAULTS', 'main:orderbook_ws=malformed:colour')).message).toMatch(/what matching/)
    expect(configError(() => parseFaults('SIM_FAULTS', 'main:orderbook_ws=crossed:btcusdt')).message).toMatch(/symbol matching/)
    expect(configError(() => parseFaults('SIM_FAULTS', 'main:orderbook_ws=gap:1')).message).toMatch(/every as an integer from 2/)
  })

  it('reads the book and trade rates from the environment or flags', () => {
    expect(readConfig({ SIM_DEPTH_MS: '100', SIM_TRADES_PER_SECOND: '20' }, [])).toMatchObject({ depthMs: 100, tradesPerSecond: 20 })
    expect(readConfig({ SIM_DEPTH_MS: '100' }, ['--depth-ms', '5', '--trades-per-second=0'])).toMatchObject({ depthMs: 5, tradesPerSecond: 0 })
    expect(configError(() => readConfig({ SIM_DEPTH_MS: '0' }, [])).variable).toBe('SIM_DEPTH_MS')
    expect(configError(() => readConfig({}, ['--trades-per-second', 'fast'])).variable).toBe('--trades-per-second')
  })

  it('reads origins, with a wildcard label', () => {
    expect(parseOrigins('SIM_ALLOWED_ORIGINS', 'http://app.test:8080, https://*.example.test')).toEqual(['http://app.test:8080', 'https://*.example.test'])
  })

  it.each([
    ['SIM_PORTS', 'main=abc', () => parsePorts('SIM_PORTS', 'main=abc'), /"abc" is not an integer/],
    ['SIM_PORTS', 'moon=1', () => parsePorts('SIM_PORTS', 'moon=1'), /unknown key "moon"/],
    ['SIM_PORTS', 'main=70000', () => parsePorts('SIM_PORTS', 'main=70000'), /0 to 65535/],
    ['SIM_LATENCY', 'main', () => parseLatency('SIM_LATENCY', 'main'), /not key=value/],
    ['SIM_FAULTS', 'main:symbol_list_v3=status:abc', () => parseFaults('SIM_FAULTS', 'main:symbol_list_v3=status:abc'), /status needs status as an integer/],
    ['SIM_FAULTS', 'main:v9=refuse', () => parseFaults('SIM_FAULTS', 'main:v9=refuse'), /unknown endpoint "v9"/],
    ['SIM_FAULTS', 'moon:*=refuse', () => parseFaults('SIM_FAULTS', 'moon:*=refuse'), /unknown host "moon"/],
    ['SIM_FAULTS', 'main:*=explode', () => parseFaults('SIM_FAULTS', 'main:*=explode'), /unknown fault kind "explode"/],
    ['SIM_FAULTS', 'main=refuse', () => parseFaults('SIM_FAULTS', 'main=refuse'), /host:endpoint=kind/],
    ['SIM_FAULTS', 'main:*=refuse:1', () => parseFaults('SIM_FAULTS', 'main:*=refuse:1'), /too many arguments/],
    ['SIM_FAULTS', 'main:*=slow', () => parseFaults('SIM_FAULTS', 'main:*=slow'), /slow needs ms/],
    ['SIM_ALLOWED_ORIGINS', 'localhost:3000/x', () => parseOrigins('SIM_ALLOWED_ORIGINS', 'localhost:3000/x'), /not an origin/],
  ])('rejects %s=%s naming the variable and the value', (variable, value, run, reason) => {
    const error = configError(run)
    expect(error.variable).toBe(variable)
    expect(error.value).toBe(value)
    expect(error.message).toContain(`${variable}=${JSON.stringify(value)}`)
    expect(error.message).toMatch(reason)
  })

  it('combines environment and flags, flags winning', () => {
    const config = readConfig({ SIM_PORTS: 'main=5010', SIM_LATENCY: 'main=40', SIM_SEED: '9' }, [
      '--ports',
      'main=6010',
      '--latency=alt1=5',
      '--allowed-origins',
      'http://a.test',
    ])
    expect(config).toEqual({ ports: { main: 6010 }, latencyMs: { alt1: 5 }, faults: [], allowedOrigins: ['http://a.test'], seed: 9, help: false })
    expect(readConfig({}, ['-h']).help).toBe(true)
    expect(configError(() => readConfig({}, ['--port', '1'])).message).toMatch(/unknown flag/)
    expect(configError(() => readConfig({}, ['--faults'])).variable).toBe('--faults')
    expect(configError(() => readConfig({}, ['--faults', 'x'])).variable).toBe('--faults')
  })
})

describe('npm run sim', () => {
  const run = (env: Record<string, string>, onLine?: (line: string, kill: () => void) => void) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // One process (tsx as a loader, not its CLI): the CLI relays a signal to a child of its own and
      // kills it if it has not exited within 30 ms, which a loaded machine misses.
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts')], { env: { ...process.env, ...env } })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => {
        stdout += String(d)
        onLine?.(stdout, () => child.kill('SIGTERM'))
      })
      child.stderr.on('data', (d: Buffer) => (stderr += String(d)))
      child.on('close', (code) => resolve({ code, stdout, stderr }))
    })

  it('exits 2 with the variable named on a bad value', async () => {
    const { code, stderr } = await run({ SIM_FAULTS: 'main:t1=status:abc' })
    expect(code).toBe(2)
    expect(stderr).toContain('SIM_FAULTS="main:t1=status:abc"')
  }, 15_000)

  it('prints its URLs and stops cleanly on SIGTERM', async () => {
    // One SIGTERM, as a process manager sends: the CLI handles the first and a second one ends it.
    let killed = false
    const { code, stdout } = await run({ SIM_PORTS: 'main=0,alt1=0,alt2=0,fastPath=0,admin=0', SIM_LATENCY: 'alt2=80' }, (out, kill) => {
      if (!killed && out.includes('hits/reset')) {
        killed = true
        kill()
      }
    })
    expect(stdout).toMatch(/main\s+http:\/\/127\.0\.0\.1:\d+\s+\+0 ms/)
    expect(stdout).toMatch(/alt2\s+http:\/\/127\.0\.0\.1:\d+\s+\+80 ms/)
    expect(stdout).toMatch(/websocket ws:\/\/127\.0\.0\.1:\d+\/ws/)
    expect(stdout).toContain('SIGTERM: stopping the simulator')
    expect(code).toBe(0)
  }, 15_000)
})
