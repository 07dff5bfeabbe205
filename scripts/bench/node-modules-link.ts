import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

/**
 * The project's node_modules in a build copy outside the project (the baseline site, the floor),
 * hard-linked, not symlinked: Turbopack refuses a node_modules that points outside the project
 * root, and a copy of ~900 MB would cost more than the build. Nothing in a build writes into
 * node_modules. Hard links need the copy on the project's file system (tmpdir() is, here).
 */
export function linkNodeModules(root: string, dir: string): void {
  const link = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], { encoding: 'utf8' })
  if (link.status !== 0) throw new Error(`hard-linking node_modules into ${dir} failed: ${link.stderr}`)
}
