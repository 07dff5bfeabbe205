/**
 * The bench's reference site: a copy of the project whose middleware.ts is ./baseline-middleware.ts
 * (a bare rewrite into the main region), built on its own. The production middleware carries no
 * bench switch; the price is a second `next build` per bench run.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { linkNodeModules } from './node-modules-link'

/** Top-level entries not copied: build output, git, test output; node_modules is hard-linked instead. */
const SKIP = new Set(['node_modules', '.next', '.git', 'test-results', 'playwright-report', 'coverage', 'bench-results.json', 'jest-results.json'])

export const baselineDir = (logDir: string) => join(logDir, 'baseline-project')

/** Fresh copy of the sources with the baseline middleware in place (node_modules hard-linked). */
export function prepareBaseline(root: string, logDir: string): string {
  const dir = baselineDir(logDir)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  cpSync(root, dir, { recursive: true, filter: (src) => !SKIP.has(relative(root, src)) })
  linkNodeModules(root, dir)
  cpSync(join(root, 'scripts', 'bench', 'baseline-middleware.ts'), join(dir, 'middleware.ts'))
  return dir
}

/** True when BENCH_SKIP_BUILD=1 may reuse an earlier baseline build. */
export const baselineBuilt = (logDir: string) => existsSync(join(baselineDir(logDir), '.next', 'BUILD_ID'))
