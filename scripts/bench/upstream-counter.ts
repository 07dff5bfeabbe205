/**
 * One upstream per region for the capacity bench: a pass-through to the simulator's main host
 * that listens on one port of several loopback addresses (127.0.0.11, .12, …), one per region,
 * and counts the calls each address gets by endpoint. The regions' REGION_<ID>_API_BASE_URL name
 * their own address, so each region has an upstream of its own, as in a deployment with one API
 * per region, and the counts are per region. Faults are the simulator's (its admin endpoints).
 */
import http from 'node:http'
import { upstreamEndpointOf } from './capacity-sheet'

export interface UpstreamCounter {
  /** REGION_<ID>_API_BASE_URL of every region. */
  env: Record<string, string>
  /** Calls so far per region and endpoint. */
  counts(): Record<string, Record<string, number>>
  close(): Promise<void>
}

const addressOf = (index: number) => `127.0.0.${11 + index}`

export async function startUpstreamCounter(regions: readonly string[], port: number, target: { host: string; port: number }): Promise<UpstreamCounter> {
  const counts: Record<string, Record<string, number>> = Object.fromEntries(regions.map((id) => [id, {}]))
  const byAddress = new Map(regions.map((id, i) => [addressOf(i), id]))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const servers: http.Server[] = []
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const region = byAddress.get(req.socket.localAddress ?? '') ?? 'unknown'
    const endpoint = upstreamEndpointOf(req.url ?? '/')
    const mine = (counts[region] ??= {})
    mine[endpoint] = (mine[endpoint] ?? 0) + 1
    const upstream = http.request(
      { host: target.host, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: `${target.host}:${target.port}` }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    // A caller that gives up (the site's timeout) ends the call upstream too.
    res.on('close', () => upstream.destroy())
    req.pipe(upstream)
  }
  try {
    for (const address of byAddress.keys()) {
      const server = http.createServer(handle)
      servers.push(server)
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, address, () => resolve())
      })
    }
  } catch (error) {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    throw error
  }
  return {
    env: Object.fromEntries(regions.map((id, i) => [`REGION_${id.toUpperCase()}_API_BASE_URL`, `http://${addressOf(i)}:${port}`])),
    counts: () => JSON.parse(JSON.stringify(counts)) as Record<string, Record<string, number>>,
    close: async () => {
      agent.destroy()
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.closeAllConnections()
              server.close(resolve)
            }),
        ),
      )
    },
  }
}
