/**
 * next.config.ts as CI and a developer's checkout read it: Turbopack's build cache is written
 * unless SPOT_BUILD_CACHE=0 (docs/decisions/stack.md "Turbopack's build cache").
 */
async function configWith(cache: string | undefined) {
  const saved = process.env.SPOT_BUILD_CACHE
  if (cache === undefined) delete process.env.SPOT_BUILD_CACHE
  else process.env.SPOT_BUILD_CACHE = cache
  try {
    let config: { experimental?: { turbopackFileSystemCacheForBuild?: boolean } } = {}
    await jest.isolateModulesAsync(async () => {
      config = (await import('../../next.config')).default
    })
    return config
  } finally {
    if (saved === undefined) delete process.env.SPOT_BUILD_CACHE
    else process.env.SPOT_BUILD_CACHE = saved
  }
}

describe("Turbopack's build cache", () => {
  it('is off where .ci/run says the clone is clean', async () => {
    expect((await configWith('0')).experimental?.turbopackFileSystemCacheForBuild).toBe(false)
  })
  it('stays on elsewhere', async () => {
    expect((await configWith(undefined)).experimental?.turbopackFileSystemCacheForBuild).toBe(true)
  })
})
