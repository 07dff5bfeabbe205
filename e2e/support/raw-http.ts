import { request as httpRequest } from 'node:http'
import { E2E_PORT } from '../../playwright.config'

export interface RawAnswer {
  status: number
  location?: string
  body: string
}

/**
 * GET on the e2e site with a region's Host header and no redirect following. Node cannot resolve
 * *.localhost, so the request goes to 127.0.0.1 and the Host header names the region.
 */
export function getRaw(host: string, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: E2E_PORT, path, headers: { host: `${host}:${E2E_PORT}` } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Runs `task` over `items` with at most `limit` in flight; results in input order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
