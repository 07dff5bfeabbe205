/**
 * The bench's reference site: a copy of the project whose middleware.ts is ./baseline-middleware.ts
 * (a bare rewrite into the main region), built on its own. The production middleware carries no
 * bench switch; the price is a second `next build` per bench run.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Top-level entries not copied: build output, git, test output; node_modules is hard-linked instead. */
const SKIP = new Set(['node_modules', '.next', '.git', 'test-results', 'playwright-report', 'coverage', 'bench-results.json', 'jest-results.json'])

export const baselineDir = (logDir: string) => join(logDir, 'baseline-project')

/**
 * Fresh copy of the sources with the baseline middleware in place. node_modules is hard-linked,
 * not symlinked: Turbopack refuses a node_modules that points outside the project root, and a
 * copy of ~750 MB would cost more than the build. Nothing in a build writes into node_modules.
 */
export function prepareBaseline(root: string, logDir: string): string {
  const dir = baselineDir(logDir)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  cpSync(root, dir, { recursive: true, filter: (src) => !SKIP.has(relative(root, src)) })
  const link = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], { encoding: 'utf8' })
  if (link.status !== 0) throw new Error(`hard-linking node_modules into ${dir} failed: ${link.stderr}`)
  cpSync(join(root, 'scripts', 'bench', 'baseline-middleware.ts'), join(dir, 'middleware.ts'))
  return dir
}

/** True when BENCH_SKIP_BUILD=1 may reuse an earlier baseline build. */
export const baselineBuilt = (logDir: string) => existsSync(join(baselineDir(logDir), '.next', 'BUILD_ID'))
