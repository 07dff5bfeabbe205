/**
 * The admin server (loopback only): tests, the demo and curl drive faults, latency and the clock.
 *   GET /state · POST /faults (a FaultRule or an array) · DELETE /faults[?host=] ·
 *   POST /latency {host, ms} · POST /market {depthMs?, tradesPerSecond?} · POST /clock {advanceMs} · POST /hits/reset
 * Every success answers the new SimulatorState; a bad request answers 400 { error }.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { SIM_HOSTS, type MarketSettings, type RunningSimulator, type SimHost } from '../contract'
import { checkFaultRule } from './faults'

const MAX_BODY = 1 << 20

class BadRequest extends Error {
  override name = 'BadRequest'
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) {
    text += String(chunk)
    if (text.length > MAX_BODY) throw new BadRequest('body too large')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new BadRequest(`body is not JSON: ${text.slice(0, 80)}`)
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined
}

function hostParam(value: unknown, allowStar: boolean): SimHost | '*' {
  if ((allowStar && value === '*') || SIM_HOSTS.includes(value as SimHost)) return value as SimHost | '*'
  throw new BadRequest(`unknown host ${JSON.stringify(value)}; known: ${allowStar ? '*, ' : ''}${SIM_HOSTS.join(', ')}`)
}

async function route(sim: RunningSimulator, req: IncomingMessage, url: URL): Promise<boolean> {
  const at = `${req.method} ${url.pathname}`
  if (at === 'GET /state') return true
  if (at === 'POST /faults') {
    const body = await readJson(req)
    const rules = (Array.isArray(body) ? body : [body]).map((rule) => {
      try {
        return checkFaultRule(rule)
      } catch (error) {
        throw new BadRequest((error as Error).message)
      }
    })
    rules.forEach((rule) => sim.setFault(rule))
  } else if (at === 'DELETE /faults') {
    const host = url.searchParams.get('host')
    sim.clearFaults(host === null ? undefined : hostParam(host, true))
  } else if (at === 'POST /latency') {
    const body = await readJson(req)
    const ms = field(body, 'ms')
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new BadRequest(`ms must be a number ≥ 0, got ${JSON.stringify(ms)}`)
    sim.setLatency(hostParam(field(body, 'host'), false) as SimHost, ms)
  } else if (at === 'POST /market') {
    const body = await readJson(req)
    const known = ['depthMs', 'tradesPerSecond']
    const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => !known.includes(key)) : []
    if (typeof body !== 'object' || body === null || Array.isArray(body) || extra.length > 0) {
      throw new BadRequest(`market takes an object with depthMs and/or tradesPerSecond${extra.length ? `, not ${extra.join(', ')}` : ''}`)
    }
    try {
      sim.setMarket(body as Partial<MarketSettings>)
    } catch (error) {
      throw new BadRequest((error as Error).message)
    }
  } else if (at === 'POST /clock') {
    const advanceMs = field(await readJson(req), 'advanceMs')
    if (typeof advanceMs !== 'number') throw new BadRequest(`advanceMs must be a number, got ${JSON.stringify(advanceMs)}`)
    try {
      sim.advanceClock(advanceMs)
    } catch (error) {
      throw new BadRequest((error as Error).message)
    }
  } else if (at === 'POST /hits/reset') {
    sim.resetHits()
  } else {
    return false
  }
  // Answer only once a reopened listener accepts again, so the caller's next request cannot race it.
  await sim.settled()
  return true
}

export function createAdminServer(sim: RunningSimulator): http.Server {
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body, null, 2))
  }
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://admin.invalid')
    route(sim, req, url).then(
      (found) => (found ? answer(res, 200, sim.state()) : answer(res, 404, { error: `no admin route ${req.method} ${url.pathname}` })),
      (error: Error) => answer(res, error instanceof BadRequest ? 400 : 500, { error: error.message }),
    )
  })
}
