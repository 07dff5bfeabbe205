/**
 * next.config.ts as CI and a developer's checkout read it: Turbopack's build cache is written
 * unless SPOT_BUILD_CACHE=0 (docs/decisions/stack.md "Turbopack's build cache"); the build
 * skips its type check only where `npm test` has just run it (docs/decisions/stack.md "Turbopack's
 * build cache").
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

type Config = {
  experimental?: { turbopackFileSystemCacheForBuild?: boolean }
  typescript?: { ignoreBuildErrors?: boolean }
}

async function configWith(name: string, value: string | undefined) {
  const saved = process.env[name]
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
  try {
    let config: Config = {}
    await jest.isolateModulesAsync(async () => {
      config = (await import('../../next.config')).default
    })
    return config
  } finally {
    if (saved === undefined) delete process.env[name]
    else process.env[name] = saved
  }
}

describe("Turbopack's build cache", () => {
  it('is off where .ci/run says the clone is clean', async () => {
    expect((await configWith('SPOT_BUILD_CACHE', '0')).experimental?.turbopackFileSystemCacheForBuild).toBe(false)
  })
  it('stays on elsewhere', async () => {
    expect((await configWith('SPOT_BUILD_CACHE', undefined)).experimental?.turbopackFileSystemCacheForBuild).toBe(true)
  })
})

describe('one type check a test run', () => {
  const scripts = (
    JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
  ).scripts

  it("the build checks types unless SPOT_TYPES_CHECKED=1 says the project's check just ran", async () => {
    expect((await configWith('SPOT_TYPES_CHECKED', undefined)).typescript?.ignoreBuildErrors).toBe(false)
    expect((await configWith('SPOT_TYPES_CHECKED', '0')).typescript?.ignoreBuildErrors).toBe(false)
    expect((await configWith('SPOT_TYPES_CHECKED', '1')).typescript?.ignoreBuildErrors).toBe(true)
  })

  it('npm test runs the typecheck, with the route types generated, before the build that skips it', () => {
    expect(scripts.typecheck).toMatch(/^next typegen && tsc --noEmit\b/)
    const steps = scripts.test!.split(' && ')
    const check = steps.indexOf('npm run typecheck')
    const build = steps.indexOf('SPOT_TYPES_CHECKED=1 npm run build')
    expect(check).toBeGreaterThanOrEqual(0)
    expect(build).toBeGreaterThan(check)
    expect(steps.filter((step) => step.includes('SPOT_TYPES_CHECKED'))).toHaveLength(1)
  })
})
