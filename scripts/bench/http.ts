/**
 * One plain HTTP request to 127.0.0.1. node:http rather than fetch because the site picks the
 * region from the Host header, and fetch does not let a caller set Host.
 */
import http from 'node:http'

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface RequestOptions {
  port: number
  path: string
  method?: string
  /** Host header; defaults to the main site on that port. */
  host?: string
  body?: string
  timeoutMs?: number
  /** A keep-alive agent, to measure requests as nginx or a browser sends them; default: a fresh connection each. */
  agent?: http.Agent
  /** More request headers (rsc, cookie, accept-language, a proxy's X-Forwarded-For…); an array sends one line per value. */
  headers?: http.OutgoingHttpHeaders
}

export function request({
  port,
  path,
  method = 'GET',
  host = `localhost:${port}`,
  body,
  timeoutMs = 30_000,
  agent,
  headers: more,
}: RequestOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { ...more, host }
    if (body !== undefined) headers['content-type'] = 'application/json'
    // agent: false by default: a fresh connection, so a probe never reuses a socket the server is closing.
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: agent ?? false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} on :${port}: no answer in ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** A header as one string (Node gives string[] for repeated headers). */
export function header(reply: Reply, name: string): string | undefined {
  const value = reply.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}
