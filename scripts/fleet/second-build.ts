/**
 * A second build of this project, as a deploy brings one: the same sources built again with
 * `NEXT_PUBLIC_SPOT_BUILD_LABEL` set, so its chunks differ from the first build's, into
 * `.next/second` (next.config.ts; docs/decisions/fleet.md "A rolling deploy, tested"). Turbopack's
 * build cache is neither read nor written: another folder's cache did not shorten it (measured,
 * docs/measurements.md "A second build for the rolling deploy"). Used by e2e/fleet.spec.ts.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { outputTail, start } from '../support/processes'

export async function secondBuild(root: string, label: string, options: { logFile?: string } = {}): Promise<{ distDir: string; ms: number }> {
  const began = Date.now()
  const distDir = join(root, '.next', 'second')
  rmSync(distDir, { recursive: true, force: true })
  // `next build` adds its folder's types to tsconfig.json: this folder is a test's, so the file is put back.
  const tsconfig = join(root, 'tsconfig.json')
  const kept = readFileSync(tsconfig)
  const build = start('next build (second)', process.execPath, [resolve(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      SPOT_TYPES_CHECKED: '1',
      SPOT_BUILD_CACHE: '0',
      SPOT_SECOND_BUILD: '1',
      NEXT_PUBLIC_SPOT_BUILD_LABEL: label,
    },
    output: options.logFile ? { logFile: options.logFile } : 'capture',
  })
  const code = await build.exited.finally(() => writeFileSync(tsconfig, kept))
  if (code !== 0) throw new Error(`the second build failed (exit ${code}):\n${outputTail(build, 40)}`)
  return { distDir, ms: Date.now() - began }
}
