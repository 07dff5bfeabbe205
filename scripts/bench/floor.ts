/**
 * The floor: a bare Next.js app (./floor/: one layout, one page with an h1 and a paragraph, the
 * same page rendered on each request at /dynamic, Next's default config) built with the project's
 * own next, react and react-dom. The Lighthouse
 * figures of our pages are read against it, measured in the same minutes, because on a shared
 * 2-core machine their absolute values move with the load (docs/decisions/pages.md "Lighthouse
 * scores in the bench").
 *
 * It is built from a copy outside the project: Turbopack takes the lockfile's folder for the
 * root of an app built inside it and compiles that root's middleware.ts and instrumentation.ts
 * into it (seen with Next 16.4.6: `next build scripts/bench/floor` fails on our middleware's
 * imports; vercel/next.js#95287 reports the same for proxy.ts).
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { linkNodeModules } from './node-modules-link'
import { buildSite, siteEnv, startSite } from './stack'
import type { Started } from '../support/processes'

/** The floor's page, prerendered (static). */
export const FLOOR_PATH = '/'
/** The same page rendered on every request: the yardstick of a pair page's render (docs/capacity.md). */
export const FLOOR_DYNAMIC_PATH = '/dynamic'

export const floorDir = (logDir: string) => join(logDir, 'floor-project')

/** A floor build in `dir` that has every page above (an older build lacks the dynamic one). */
export const floorBuilt = (dir: string) =>
  existsSync(join(dir, '.next', 'BUILD_ID')) && existsSync(join(dir, '.next', 'server', 'app', `${FLOOR_DYNAMIC_PATH.slice(1)}`, 'page.js'))

/**
 * The floor built in logDir, ready to start: copied and built afresh, or the earlier build when
 * BENCH_SKIP_BUILD=1 and one exists. Resolves with its folder and the build's seconds (null when
 * skipped).
 */
export async function buildFloor(root: string, logDir: string, port: number): Promise<{ dir: string; seconds: number | null }> {
  const dir = floorDir(logDir)
  const built = floorBuilt(dir)
  if (!(process.env.BENCH_SKIP_BUILD === '1' && built)) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    cpSync(join(root, 'scripts', 'bench', 'floor'), dir, { recursive: true })
    linkNodeModules(root, dir)
  }
  // buildSite skips only under BENCH_SKIP_BUILD=1 with a build in place, as decided above.
  const seconds = await buildSite(dir, siteEnv(port), logDir, 'build-floor.log')
  return { dir, seconds }
}

/** `next start` of the floor on `port`, ready once its page answers. */
export function startFloor(dir: string, port: number, logDir: string): Promise<Started> {
  return startSite(dir, port, siteEnv(port), logDir, 'floor', FLOOR_PATH)
}
