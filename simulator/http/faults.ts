/**
 * Fault rules (which fault a request meets) and their application (what the answer becomes).
 * Every `Fault` kind of contract.ts is handled here; server.ts only performs the resulting reply.
 */
import { STATUS_CODES } from 'node:http'
import { SIM_HOSTS, type Fault, type FaultRule, type SimEndpoint, type SimHost } from '../contract'
import { errorEnvelope, type Json } from './wire'

export type Endpoint = Exclude<SimEndpoint, '*'>
export const ENDPOINTS: readonly Endpoint[] = [
  'symbol_list_v3',
  'symbol_list_all',
  'symbol_list_v2',
  't1',
  'getproxy',
  'hats_t1',
  'profile',
  'tickers',
  'kline',
  'orderbook',
  'recent_trade',
  'public_ws',
  'orderbook_ws',
  'trade_ws',
]

type Param = { type: 'int'; min: number; max: number; optional?: true } | { type: 'string'; optional?: true; pattern?: RegExp }
const int = (min: number, max: number, optional?: true): Param => ({ type: 'int', min, max, optional })
/** A stream fault's optional pair: every pair when absent. */
const symbol: Param = { type: 'string', optional: true, pattern: /^[A-Z0-9]{2,32}$/ }

/** Faults that bend the socket's book and trade messages (market-ws.ts) instead of an HTTP answer. */
export const STREAM_FAULT_KINDS = ['gap', 'restart', 'crossed', 'malformed', 'silent'] as const
export type StreamFault = Extract<Fault, { kind: (typeof STREAM_FAULT_KINDS)[number] }>
export const isStreamFault = (fault: Fault | undefined): fault is StreamFault => (STREAM_FAULT_KINDS as readonly string[]).includes(fault?.kind ?? '')

/** The parameters of each kind, in the positional order of the SIM_FAULTS syntax (config.ts). */
export const FAULT_PARAMS: Record<Fault['kind'], Record<string, Param>> = {
  refuse: {},
  hang: {},
  html200: {},
  nonJson: {},
  notObject: {},
  empty: {},
  truncated: {},
  camelCase: {},
  mergeGap: {},
  alive10017: {},
  slow: { ms: int(0, 600_000) },
  drip: { intervalMs: int(1, 60_000, true) },
  status: { status: int(200, 599) },
  oversized: { bytes: int(1, 1 << 30, true) },
  retCode: { code: int(-(2 ** 31), 2 ** 31 - 1), msg: { type: 'string' } },
  proxyRes: { resCode: int(-(2 ** 31), 2 ** 31 - 1) },
  gap: { every: int(2, 1000, true), symbol },
  restart: { symbol },
  crossed: { symbol },
  malformed: { what: { type: 'string', optional: true, pattern: /^(price|size|side)$/ }, symbol },
  silent: { symbol },
}

/** Validates untrusted input (admin JSON, parsed flags) into a Fault; throws naming the problem. */
export function checkFault(value: unknown): Fault {
  if (typeof value !== 'object' || value === null) throw new Error('a fault must be an object with a "kind"')
  const { kind, ...rest } = value as Record<string, unknown>
  if (typeof kind !== 'string' || !Object.hasOwn(FAULT_PARAMS, kind)) {
    throw new Error(`unknown fault kind ${JSON.stringify(kind)}; known: ${Object.keys(FAULT_PARAMS).join(', ')}`)
  }
  const params = FAULT_PARAMS[kind as Fault['kind']]
  for (const key of Object.keys(rest)) if (!Object.hasOwn(params, key)) throw new Error(`fault ${kind} has no parameter "${key}"`)
  for (const [key, param] of Object.entries(params)) {
    const v = rest[key]
    if (param.type === 'string') {
      if (v === undefined && param.optional) continue
      if (typeof v !== 'string') throw new Error(`fault ${kind} needs ${key} as a string`)
      if (param.pattern && !param.pattern.test(v)) throw new Error(`fault ${kind} needs ${key} matching ${param.pattern.source}, got ${JSON.stringify(v)}`)
    } else if (v !== undefined || !param.optional) {
      if (!Number.isInteger(v) || (v as number) < param.min || (v as number) > param.max) {
        throw new Error(`fault ${kind} needs ${key} as an integer from ${param.min} to ${param.max}, got ${JSON.stringify(v)}`)
      }
    }
  }
  return { kind, ...rest } as Fault
}

export function checkFaultRule(value: unknown): FaultRule {
  const { host, endpoint, fault } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  if (host !== '*' && !SIM_HOSTS.includes(host as SimHost)) throw new Error(`unknown host ${JSON.stringify(host)}; known: *, ${SIM_HOSTS.join(', ')}`)
  if (endpoint !== '*' && !ENDPOINTS.includes(endpoint as Endpoint)) {
    throw new Error(`unknown endpoint ${JSON.stringify(endpoint)}; known: *, ${ENDPOINTS.join(', ')}`)
  }
  return { host: host as FaultRule['host'], endpoint: endpoint as SimEndpoint, fault: checkFault(fault) }
}

export interface FaultRules {
  /** Replaces the rule with the same host and endpoint. */
  set(rule: FaultRule): void
  /** All rules, or the rules whose host is exactly `host`. */
  clear(host?: SimHost | '*'): void
  list(): FaultRule[]
  /** The most specific rule wins: host+endpoint, host+'*', '*'+endpoint, '*'+'*'. */
  resolve(host: SimHost, endpoint: Endpoint): Fault | undefined
  /** True when every endpoint the host serves resolves to refuse: its listener closes. */
  refusesHost(host: SimHost, served: readonly Endpoint[]): boolean
}

export function createFaultRules(initial: readonly FaultRule[] = []): FaultRules {
  const rules = new Map<string, FaultRule>()
  const key = (host: string, endpoint: string) => `${host} ${endpoint}`
  const api: FaultRules = {
    set(rule) {
      rules.delete(key(rule.host, rule.endpoint))
      rules.set(key(rule.host, rule.endpoint), rule)
    },
    clear(host) {
      for (const [k, rule] of rules) if (host === undefined || rule.host === host) rules.delete(k)
    },
    list: () => [...rules.values()],
    resolve(host, endpoint) {
      const order = [key(host, endpoint), key(host, '*'), key('*', endpoint), key('*', '*')]
      return order.map((k) => rules.get(k)?.fault).find((f) => f !== undefined)
    },
    refusesHost: (host, served) => served.every((e) => api.resolve(host, e)?.kind === 'refuse'),
  }
  initial.forEach((rule) => api.set(checkFaultRule(rule)))
  return api
}

/** What the server does with a request. `delayMs` comes on top of the host latency. */
export type Reply = { kind: 'destroy' } | { kind: 'hang' } | SendReply
export type SendReply = { kind: 'send'; status: number; contentType: string; body: Buffer; delayMs?: number; dripMs?: number }

/** Inputs of the normal answer that faults steer. */
export interface AnswerOptions {
  omitFirstV3Pair: boolean
  proxyResCode: number
}

const JSON_TYPE = 'application/json; charset=utf-8'
const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>The upstream server is temporarily unavailable.</p></body></html>'
const CAMEL: Record<string, string> = { ret_code: 'retCode', ret_msg: 'retMsg', err_code: 'errCode', err_msg: 'errMsg' }
const DEFAULT_OVERSIZED_BYTES = 12 * 1024 * 1024

const send = (body: string | Buffer, contentType = JSON_TYPE, status = 200): SendReply => ({ kind: 'send', status, contentType, body: Buffer.from(body) })
export const jsonReply = (body: unknown, status = 200): SendReply => send(JSON.stringify(body), JSON_TYPE, status)

// getproxy answers err_code/err_msg; everything else ret_code/ret_msg.
function withCode(body: Json, code: number, msg: string, result?: Json): Json {
  const [codeKey, msgKey] = 'err_code' in body ? ['err_code', 'err_msg'] : 'retCode' in body ? ['retCode', 'retMsg'] : ['ret_code', 'ret_msg']
  return { ...body, [codeKey]: code, [msgKey]: msg, ...(result ? { result } : {}) }
}

export function applyFault(fault: Fault | undefined, endpoint: Endpoint, answer: (o: AnswerOptions) => Json, nowMs: number): Reply {
  const normal = () => answer({ omitFirstV3Pair: false, proxyResCode: 1 })
  const json = (body: unknown) => jsonReply(body)
  switch (fault?.kind) {
    case undefined:
      return json(normal())
    case 'refuse':
      return { kind: 'destroy' }
    case 'hang':
      return { kind: 'hang' }
    case 'slow':
      return { ...json(normal()), delayMs: fault.ms }
    case 'drip':
      return { ...json(normal()), dripMs: fault.intervalMs ?? 1000 }
    case 'status':
      return jsonReply(errorEnvelope(fault.status, STATUS_CODES[fault.status] ?? 'Error', nowMs), fault.status)
    case 'html200':
      return send(HTML_PAGE, 'text/html; charset=utf-8')
    case 'nonJson':
      return send('upstream temporarily unavailable, please retry', 'text/plain; charset=utf-8')
    case 'notObject':
      return send('[1,2,3]')
    case 'empty':
      return send('')
    case 'truncated': {
      const full = Buffer.from(JSON.stringify(normal()))
      return send(full.subarray(0, Math.floor(full.length / 2)))
    }
    case 'oversized': {
      // An unknown envelope key carries the padding, so the body stays a valid envelope.
      const body = normal()
      const bytes = fault.bytes ?? DEFAULT_OVERSIZED_BYTES
      const missing = bytes - Buffer.byteLength(JSON.stringify({ ...body, padding: '' }))
      return json(missing > 0 ? { ...body, padding: 'x'.repeat(missing) } : body)
    }
    case 'retCode':
      return json(withCode(normal(), fault.code, encodeURIComponent(fault.msg), {}))
    case 'camelCase':
      return json(Object.fromEntries(Object.entries(normal()).map(([k, v]) => [CAMEL[k] ?? k, v])))
    case 'mergeGap':
      return json(answer({ omitFirstV3Pair: endpoint === 'symbol_list_all', proxyResCode: 1 }))
    case 'alive10017':
      return json(endpoint === 't1' || endpoint === 'hats_t1' ? withCode(normal(), 10017, 'Request path not found') : normal())
    case 'proxyRes':
      return json(answer({ omitFirstV3Pair: false, proxyResCode: fault.resCode }))
    case 'gap':
    case 'restart':
    case 'crossed':
    case 'malformed':
    case 'silent':
      // Stream faults bend socket messages only; an HTTP answer under one is the normal one.
      return json(normal())
  }
}
