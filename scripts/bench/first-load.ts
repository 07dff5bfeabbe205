/**
 * First-load JavaScript of a page, gzip level 9, and how much of it is ours: the scripts Next
 * puts on its own 404 page (a path outside our routes, so without our layout) are the
 * framework's share; everything else the page loads is what our code adds.
 */
import { gzipSync } from 'node:zlib'
import { request } from './http'

export interface PageScripts {
  path: string
  status: number
  /** gzip bytes per script URL. */
  scripts: Map<string, number>
  total: number
}

export interface FirstLoad {
  page: PageScripts
  baseline: PageScripts
  /** Scripts of the page that the baseline does not load. */
  ours: { scripts: string[]; total: number }
}

/** Every <script src> under /_next/static (async, defer and noModule alike), in page order. */
export function scriptSources(html: string): string[] {
  const sources = [...html.matchAll(/<script\b[^>]*?\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '')
  return [...new Set(sources.filter((src) => src.startsWith('/_next/static/')))]
}

const sizeCache = new Map<string, number>()

async function gzipSize(port: number, src: string): Promise<number> {
  const cached = sizeCache.get(src)
  if (cached !== undefined) return cached
  const reply = await request({ port, path: src })
  if (reply.status !== 200) throw new Error(`first-load JS: ${src} answered ${reply.status}`)
  // The raw bytes, compressed here: what the server happens to send compressed is not the question.
  const size = gzipSync(reply.body, { level: 9 }).length
  sizeCache.set(src, size)
  return size
}

export async function pageScripts(port: number, path: string, host: string): Promise<PageScripts> {
  const reply = await request({ port, path, host })
  const scripts = new Map<string, number>()
  for (const src of scriptSources(reply.body.toString('utf8'))) scripts.set(src, await gzipSize(port, src))
  return { path, status: reply.status, scripts, total: sum(scripts.values()) }
}

export async function firstLoad(port: number, path: string, baselinePath: string, host: string): Promise<FirstLoad> {
  const page = await pageScripts(port, path, host)
  const baseline = await pageScripts(port, baselinePath, host)
  const scripts = [...page.scripts.keys()].filter((src) => !baseline.scripts.has(src))
  return { page, baseline, ours: { scripts, total: sum(scripts.map((src) => page.scripts.get(src) ?? 0)) } }
}

function sum(values: Iterable<number>): number {
  let total = 0
  for (const value of values) total += value
  return total
}
