import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface FakeUpstream {
  url: string
  /** Every request seen: method, URL and headers. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

/**
 * A real upstream on 127.0.0.1 for the proxy tests (tests only). `/hang…` never answers,
 * `/redirect` answers 302 to itself, `/typed?type=…&status=…` answers that Content-Type and
 * status (`none`: no Content-Type) with an HTML body, anything else echoes the request with
 * headers that name the upstream (which the proxy must not pass on).
 */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const seen: FakeUpstream['seen'] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    const self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (req.url?.startsWith('/hang')) return
    if (req.url?.startsWith('/typed')) {
      const query = new URL(req.url, self).searchParams
      const type = query.get('type') ?? 'none'
      res.writeHead(Number(query.get('status') ?? 200), type === 'none' ? {} : { 'content-type': type })
      return res.end(Number(query.get('status')) === 304 ? undefined : `<script>alert(document.domain)</script>${query.get('q') ?? ''}`)
    }
    if (req.url?.startsWith('/redirect')) {
      res.writeHead(302, { location: `${self}/internal` })
      return res.end()
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      server: 'internal-gateway',
      'x-upstream-url': `${self}${req.url}`,
      'set-cookie': 'upstream=1; Path=/',
      via: '1.1 internal',
    })
    res.end(JSON.stringify({ ret_code: 0, ret_msg: 'OK', result: { method: req.method, url: req.url } }))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
