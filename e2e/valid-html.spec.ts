import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import type { RegionId } from '../lib/regions/regions'
import { regionHost } from './support/hosts'

/**
 * Every page type's server HTML passes the W3C Nu Html Checker (vnu-jar's jar on the machine's
 * java): the markets page, a pair page, an unknown pair's 404 and a path with no page (404), left
 * to right and right to left (ar-SA), on the main host and a regional one. All pages go to one
 * run: the JVM's start takes seconds. `.ci/run` installs java and sets VNU_REQUIRED=1, so there a
 * missing java fails this test; elsewhere it is skipped and says so (docs/decisions/pages.md
 * "Every page type is valid HTML").
 */
const VNU_JAR = join(process.cwd(), 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar')
const hasJava = spawnSync('java', ['-version']).status === 0
const required = process.env.VNU_REQUIRED === '1' || process.env.CI === 'true'

const SITES: { region: RegionId; lang: string }[] = [
  { region: 'main', lang: 'en' },
  { region: 'main', lang: 'ar-SA' },
  { region: 'hk', lang: 'zh-HK' },
]
const PAGE_TYPES = {
  markets: { path: '', status: 200 },
  pair: { path: '/trade/spot/BTC/USDT', status: 200 },
  'unknown pair': { path: '/trade/spot/NOPE/NADA', status: 404 },
  'no such page': { path: '/no/such/page', status: 404 },
} as const

/** One message of vnu's JSON output: `type` error or info (`subType` warning for a warning). */
interface VnuMessage {
  type: string
  subType?: string
  url: string
  message: string
  extract?: string
}

test('every page type’s server HTML passes the Nu Html Checker: markets, pair, unknown pair, no page; ltr and rtl; main and a regional host', async ({
  request,
}) => {
  test.skip(!hasJava && !required, 'java is not installed (apt-get install default-jre-headless): the Nu Html Checker is skipped')
  expect(hasJava, "java is missing; .ci/run installs Debian's default-jre-headless").toBe(true)
  test.setTimeout(120_000)
  const dir = mkdtempSync(join(tmpdir(), 'spot-vnu-'))
  try {
    const files = new Map<string, string>()
    for (const { region, lang } of SITES) {
      for (const [type, { path, status }] of Object.entries(PAGE_TYPES)) {
        // Node resolves no *.localhost: the region's host travels in the Host header.
        const response = await request.get(`http://127.0.0.1:${E2E_PORT}/${lang}${path}`, {
          headers: { host: `${regionHost(region)}:${E2E_PORT}` },
          maxRedirects: 0,
        })
        const name = `${type} ${region} ${lang}`
        expect({ name, status: response.status() }).toEqual({ name, status })
        const file = join(dir, `${name.replace(/\W+/g, '-')}.html`)
        writeFileSync(file, await response.body())
        files.set(`file:${file}`, name)
      }
    }
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...[...files.keys()].map((url) => url.slice('file:'.length))], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] }
    // Errors and warnings fail; plain infos (React's "trailing slash on void elements") do not.
    const problems = messages
      .filter((m) => m.type === 'error' || m.subType === 'warning' || m.type === 'non-document-error')
      .map((m) => `${files.get(m.url) ?? m.url}: ${m.type}${m.subType ? ` (${m.subType})` : ''}: ${m.message} [${m.extract ?? ''}]`)
    console.log(`vnu: ${files.size} pages, ${messages.length} messages, ${problems.length} errors or warnings`)
    expect(problems).toEqual([])
    expect(run.status).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
