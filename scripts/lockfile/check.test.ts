import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { lockfileMismatches, type Lockfile, type PackageJson } from './check'

const ROOT = resolve(__dirname, '../..')
const read = <T>(name: string): T => JSON.parse(readFileSync(join(ROOT, name), 'utf8'))
const project = () => ({
  pkg: read<PackageJson & Record<string, unknown>>('package.json'),
  lock: read<Lockfile & { packages: Record<string, Record<string, unknown>> }>('package-lock.json'),
})

describe('lockfileMismatches', () => {
  it('accepts this project’s package.json and lockfile', () => {
    const { pkg, lock } = project()
    expect(lockfileMismatches(pkg, lock)).toEqual([])
  })

  it('flags a range changed in package.json without npm install', () => {
    const { pkg, lock } = project()
    pkg.dependencies = { ...pkg.dependencies, next: '15.0.0' }
    const problems = lockfileMismatches(pkg, lock)
    expect(problems).toContain('package.json "dependencies" differs from the lockfile\'s root entry: run npm install')
    expect(problems).toContain(`package.json needs next@15.0.0, the lockfile has ${lock.packages['node_modules/next']?.version} at node_modules/next`)
  })

  it('flags a dependency added to package.json that the lockfile lacks', () => {
    const { pkg, lock } = project()
    pkg.devDependencies = { ...pkg.devDependencies, 'left-pad': '^1.3.0' }
    expect(lockfileMismatches(pkg, lock)).toContain('package.json needs left-pad@^1.3.0, which the lockfile does not contain')
  })

  it('flags a changed engines field (the Node the project runs on)', () => {
    const { pkg, lock } = project()
    pkg.engines = { node: '>=20.9' }
    expect(lockfileMismatches(pkg, lock)).toEqual(['package.json "engines" differs from the lockfile\'s root entry: run npm install'])
  })

  it('flags a locked transitive version outside the range its dependent asks for', () => {
    const { pkg, lock } = project()
    lock.packages['node_modules/styled-jsx'] = { ...lock.packages['node_modules/styled-jsx'], version: '4.0.0' }
    expect(lockfileMismatches(pkg, lock)).toContain('node_modules/next needs styled-jsx@5.1.6, the lockfile has 4.0.0 at node_modules/styled-jsx')
  })

  it('does not count the other platforms’ missing optional binaries (a registry without them)', () => {
    const { pkg, lock } = project()
    // As a lockfile made where the registry lacks them: next names the binaries, the lockfile has no entry for them.
    const next = lock.packages['node_modules/next'] as { optionalDependencies?: Record<string, string> }
    const otherPlatforms = Object.keys(next.optionalDependencies ?? {}).filter((name) => /^@next\/swc-(darwin|win32)-/.test(name))
    expect(otherPlatforms.length).toBeGreaterThan(0)
    for (const name of otherPlatforms) delete lock.packages[`node_modules/${name}`]
    expect(lockfileMismatches(pkg, lock)).toEqual([])
  })

  it('refuses a lockfile without a root entry', () => {
    expect(lockfileMismatches({}, { lockfileVersion: 3, packages: {} })).toHaveLength(1)
  })
})

describe('scripts/check-lockfile.ts', () => {
  const run = (dir: string) => spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/check-lockfile.ts'), dir], { encoding: 'utf8' })

  it('exits 1 naming the mismatch when package.json was edited without npm install', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lockfile-check-'))
    try {
      const { pkg } = project()
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, dependencies: { ...pkg.dependencies, zod: '^3.0.0' } }))
      writeFileSync(join(dir, 'package-lock.json'), readFileSync(join(ROOT, 'package-lock.json')))
      const result = run(dir)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('needs zod@^3.0.0')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
