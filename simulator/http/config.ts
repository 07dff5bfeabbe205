/**
 * `npm run sim` configuration from the environment and flags. Each parser names the variable (or
 * flag) and the value it rejects, so a typo in SIM_FAULTS is one line to fix (cli.ts exits 2).
 */
import { SIM_HOSTS, type FaultRule, type SimHost, type SimulatorOptions } from '../contract'
import { checkFaultRule, FAULT_PARAMS } from './faults'

export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(
    readonly variable: string,
    readonly value: string,
    reason: string,
  ) {
    super(`${variable}=${JSON.stringify(value)}: ${reason}`)
  }
}

export type SimConfig = Required<Pick<SimulatorOptions, 'ports' | 'latencyMs' | 'faults' | 'allowedOrigins' | 'seed'>> &
  Pick<SimulatorOptions, 'depthMs' | 'tradesPerSecond'> & { help: boolean }

/** "a=1,b=2" → [["a","1"],["b","2"]], every key one of `keys`. */
function keyValues(variable: string, value: string, keys: readonly string[]): [string, string][] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [key = '', raw, ...extra] = part.split('=').map((s) => s.trim())
      if (raw === undefined || extra.length > 0) throw new ConfigError(variable, value, `"${part}" is not key=value`)
      if (!keys.includes(key)) throw new ConfigError(variable, value, `unknown key "${key}"; known: ${keys.join(', ')}`)
      return [key, raw]
    })
}

function integer(variable: string, value: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(variable, value, `"${raw}" is not an integer from ${min} to ${max}`)
  }
  return Number(raw)
}

export function parsePorts(variable: string, value: string): Partial<Record<SimHost | 'admin', number>> {
  return Object.fromEntries(keyValues(variable, value, [...SIM_HOSTS, 'admin']).map(([k, raw]) => [k, integer(variable, value, raw, 0, 65_535)]))
}

export function parseLatency(variable: string, value: string): Partial<Record<SimHost, number>> {
  return Object.fromEntries(keyValues(variable, value, SIM_HOSTS).map(([k, raw]) => [k, integer(variable, value, raw, 0, 600_000)]))
}

/** "main:symbol_list_v3=status:503;alt1:*=refuse;main:symbol_list_v2=retCode:10006:Too many visits" */
export function parseFaults(variable: string, value: string): FaultRule[] {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const bad = (reason: string) => new ConfigError(variable, value, `rule "${part}": ${reason}`)
      const eq = part.indexOf('=')
      const target = part.slice(0, eq).split(':')
      if (eq < 0 || target.length !== 2) throw bad('expected host:endpoint=kind[:arg…]')
      const [kind = '', ...args] = part.slice(eq + 1).split(':')
      if (!Object.hasOwn(FAULT_PARAMS, kind)) throw bad(`unknown fault kind "${kind}"; known: ${Object.keys(FAULT_PARAMS).join(', ')}`)
      const params = Object.entries(FAULT_PARAMS[kind as keyof typeof FAULT_PARAMS])
      const fault: Record<string, unknown> = { kind }
      for (const [i, [name, param]] of params.entries()) {
        // The last parameter, when a string, takes the rest, so a message may contain ':'.
        const raw = param.type === 'string' && i === params.length - 1 ? args.slice(i).join(':') : args[i]
        if (raw === undefined || (raw === '' && (param.type !== 'string' || param.optional))) continue
        fault[name] = param.type === 'string' || !/^-?\d+$/.test(raw) ? raw : Number(raw)
      }
      if (args.length > params.length && params.at(-1)?.[1].type !== 'string') throw bad(`too many arguments for ${kind}`)
      try {
        return checkFaultRule({ host: target[0], endpoint: target[1], fault })
      } catch (error) {
        throw bad((error as Error).message)
      }
    })
}

export function parseOrigins(variable: string, value: string): string[] {
  const origins = value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  for (const origin of origins) {
    const plain = origin.replace('://*.', '://wildcard.')
    let parsed: URL | undefined
    try {
      parsed = new URL(plain)
    } catch {}
    if (!parsed || parsed.origin !== plain)
      throw new ConfigError(variable, value, `"${origin}" is not an origin like http://localhost:3000 or http://*.localhost:3000`)
  }
  return origins
}

const SOURCES = [
  { flag: '--ports', env: 'SIM_PORTS', key: 'ports', parse: parsePorts },
  { flag: '--latency', env: 'SIM_LATENCY', key: 'latencyMs', parse: parseLatency },
  { flag: '--faults', env: 'SIM_FAULTS', key: 'faults', parse: parseFaults },
  { flag: '--allowed-origins', env: 'SIM_ALLOWED_ORIGINS', key: 'allowedOrigins', parse: parseOrigins },
  { flag: '--seed', env: 'SIM_SEED', key: 'seed', parse: (name: string, v: string) => integer(name, v, v.trim(), 0, 2 ** 32 - 1) },
  { flag: '--depth-ms', env: 'SIM_DEPTH_MS', key: 'depthMs', parse: (name: string, v: string) => integer(name, v, v.trim(), 1, 60_000) },
  {
    flag: '--trades-per-second',
    env: 'SIM_TRADES_PER_SECOND',
    key: 'tradesPerSecond',
    parse: (name: string, v: string) => integer(name, v, v.trim(), 0, 1000),
  },
] as const

/** Flags win over the environment. */
export function readConfig(env: Record<string, string | undefined>, argv: readonly string[]): SimConfig {
  const config: SimConfig = { ports: {}, latencyMs: {}, faults: [], allowedOrigins: [], seed: 1, help: false }
  const set = (source: (typeof SOURCES)[number], name: string, value: string) => {
    Object.assign(config, { [source.key]: source.parse(name, value) })
  }
  for (const source of SOURCES) {
    const value = env[source.env]
    if (value !== undefined) set(source, source.env, value)
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--help' || arg === '-h') {
      config.help = true
      continue
    }
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg]
    const source = SOURCES.find((s) => s.flag === flag)
    if (!source) throw new ConfigError('arguments', arg, `unknown flag; known: ${SOURCES.map((s) => s.flag).join(', ')}, --help`)
    const value = inline ?? argv[++i]
    if (value === undefined) throw new ConfigError(flag, '', 'missing value')
    set(source, flag, value)
  }
  return config
}

export const USAGE = `Usage: npm run sim -- [--ports LIST] [--latency LIST] [--faults RULES] [--allowed-origins LIST] [--seed N]
  --ports / SIM_PORTS                 main=4010,alt1=4011,alt2=4012,fastPath=4013,admin=4009
  --latency / SIM_LATENCY             main=40,alt1=10,alt2=80 (ms added to every answer)
  --faults / SIM_FAULTS               host:endpoint=kind[:arg…] joined by ';', e.g.
                                      main:symbol_list_v3=status:503;alt1:*=refuse;*:t1=alive10017
  --allowed-origins / SIM_ALLOWED_ORIGINS  extra CORS origins, comma separated (http://*.example.test:3000)
  --seed / SIM_SEED                   data seed (default 1)
  --depth-ms / SIM_DEPTH_MS           ms between order-book deltas (default 20)
  --trades-per-second / SIM_TRADES_PER_SECOND  trades a second per pair (default 4; 0 stops the tape)
Fault kinds: ${Object.entries(FAULT_PARAMS)
  .map(([kind, params]) => [kind, ...Object.keys(params)].join(':'))
  .join(', ')}`
