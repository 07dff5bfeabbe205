/**
 * SPEC §8 "Error catalogue", row by row, against a real HTTP server on 127.0.0.1: every answer
 * shape the catalogue names, with the exact message, ret_code and failure status the request
 * client gives it (docs/decisions/request-client.md "Which message for which failure").
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHttpClient } from './client'
import { ApiError, HttpStatusError, NetworkError, ParseError, RequestError, TimeoutError } from './errors'
import { callBridge, WebviewRequiredError } from '../webview/bridge'

interface Answer {
  status?: number
  body?: string
  /** Never answer (the client's timeout fires). */
  hang?: boolean
  /** Drop the socket before any byte (no HTTP answer). */
  destroy?: boolean
}

const ANSWERS: Record<string, Answer> = {
  '/ok': { body: JSON.stringify({ ret_code: 0, ret_msg: 'OK', result: { n: 1 } }) },
  '/api-error-no-msg': { body: JSON.stringify({ ret_code: 10001, result: null }) },
  '/api-error-msg': { body: JSON.stringify({ ret_code: 10006, ret_msg: 'Too%20many%20visits', result: null }) },
  '/api-error-ext': { body: JSON.stringify({ ret_code: 10006, ret_msg: '', ext_code: '429' }) },
  '/api-error-camel-ext': { body: JSON.stringify({ retCode: 10002, retMsg: 'x', extCode: 418 }) },
  '/status-envelope': { status: 503, body: JSON.stringify({ ret_code: 10016, ret_msg: 'Service%20unavailable', ext_code: '429' }) },
  '/status-object-no-msg': { status: 502, body: JSON.stringify({ error: 'bad gateway' }) },
  '/status-empty': { status: 502, body: '' },
  '/status-html': { status: 502, body: '<html><body>502 Bad Gateway</body></html>' },
  '/status-array': { status: 500, body: '[1,2,3]' },
  '/ok-empty': { body: '' },
  '/ok-blank': { body: '  \n' },
  '/ok-array': { body: '[1,2,3]' },
  '/ok-string': { body: '"ret_msg"' },
  '/ok-null': { body: 'null' },
  '/ok-html': { body: '<!doctype html><title>Error</title>' },
  '/hang': { hang: true },
  '/reset': { destroy: true },
}

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = ANSWERS[req.url ?? ''] ?? { status: 404, body: '' }
    if (answer.hang) return
    if (answer.destroy) return void req.socket.destroy()
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
    res.end(answer.body ?? '')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const DEFAULT = 'Request failed. Please try again later.'
const ACCESS = 'Access error, please try again later'
const TIMEOUT = 'Request timeout, please re-try!'
const EMPTY = 'Non Response!'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any error class
type ErrorClass = abstract new (...args: any[]) => RequestError
type Row = [row: string, path: string, kind: ErrorClass, message: string, code: number | undefined, status: number]

// Each row names the SPEC §8 line it checks.
const ROWS: Row[] = [
  ['default message: ret_code ≠ 0 without ret_msg', '/api-error-no-msg', ApiError, DEFAULT, 10001, 500],
  ['default message: no HTTP answer (socket dropped)', '/reset', NetworkError, DEFAULT, undefined, 500],
  ['default message: non-2xx object without ret_msg', '/status-object-no-msg', HttpStatusError, DEFAULT, undefined, 502],
  ['message may be URL-encoded: ret_msg decoded', '/api-error-msg', ApiError, 'Too many visits', 10006, 500],
  ['failure status: the HTTP status first', '/status-envelope', HttpStatusError, 'Service unavailable', 10016, 503],
  ['failure status: else ext_code', '/api-error-ext', ApiError, DEFAULT, 10006, 429],
  ['failure status: else ext_code (camelCase, numeric)', '/api-error-camel-ext', ApiError, 'x', 10002, 418],
  ['failure status: else 500', '/api-error-no-msg', ApiError, DEFAULT, 10001, 500],
  ['non-object reply: JSON array', '/ok-array', ParseError, ACCESS, undefined, 500],
  ['non-object reply: JSON string', '/ok-string', ParseError, ACCESS, undefined, 500],
  ['non-object reply: JSON null', '/ok-null', ParseError, ACCESS, undefined, 500],
  ['non-object reply: HTML page with 200', '/ok-html', ParseError, ACCESS, undefined, 500],
  ['non-object reply: HTML page with 502', '/status-html', HttpStatusError, ACCESS, undefined, 502],
  ['non-object reply: JSON array with 500', '/status-array', HttpStatusError, ACCESS, undefined, 500],
  ['client timeout: ret_code 9000001', '/hang', TimeoutError, TIMEOUT, 9000001, 500],
  ['empty body with 200', '/ok-empty', ParseError, EMPTY, undefined, 500],
  ['empty body (whitespace) with 200', '/ok-blank', ParseError, EMPTY, undefined, 500],
  ['empty body with 502', '/status-empty', HttpStatusError, EMPTY, undefined, 502],
]

describe('SPEC §8 error catalogue against a local server', () => {
  const client = () => createHttpClient({ baseUrl: base, fetch, timeoutMs: 300 })

  it('a ret_code 0 answer is a success (the baseline the rows differ from)', async () => {
    await expect(client().get('/ok')).resolves.toEqual({ n: 1 })
  })

  it.each(ROWS)('%s (%s)', async (_row, path, kind, message, code, status) => {
    const error = await client()
      .get(path)
      .then(
        () => new Error(`${path} succeeded`),
        (e: unknown) => e,
      )
    // Generic request errors (SPEC §8): timeout, network failure, HTTP status error, parse error.
    expect(error).toBeInstanceOf(kind)
    expect(error).toBeInstanceOf(RequestError)
    const failure = error as RequestError
    expect(failure.message).toBe(message)
    expect(failure.code).toBe(code)
    expect(failure.status).toBe(status)
  })
})

// The two §8 rows that are not answers of a server: the runtime row is the webview bridge's
// (lib/webview), and the incident codes are logged only (server/symbol-list/incidents.test.ts, one per code).
describe('SPEC §8 runtime row: the exchange app’s webview, 3.1.2 or later', () => {
  it.each([
    ['a desktop browser', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', 'not-in-app'],
    ['the app before 3.1.2', 'Mozilla/5.0 BybitApp/3.1.1', 'version-too-old'],
  ])('%s: the call rejects naming version 3.1.2', async (_name, userAgent, reason) => {
    const error = await callBridge('share', {}, { userAgent, bridge: { call: () => 'ok' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebviewRequiredError)
    expect(error).toMatchObject({ reason, requiredVersion: '3.1.2', messageKey: 'Webview.required', message: 'Open this in the app, version 3.1.2 or later.' })
  })
  it('the app at 3.1.2 with its bridge: the call goes through', async () => {
    await expect(callBridge('share', {}, { userAgent: 'Mozilla/5.0 BybitApp/3.1.2', bridge: { call: () => 'ok' } })).resolves.toBe('ok')
  })
})
