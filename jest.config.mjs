import nextJest from 'next/jest.js'

const createJestConfig = nextJest({ dir: './' })

// next-intl and its helpers ship ESM only, which jest's CommonJS runtime cannot load: let SWC
// transform them instead of skipping them with the rest of node_modules.
const esmPackages = ['next-intl', 'use-intl', 'icu-minify', '@formatjs', 'intl-messageformat', 'negotiator']

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{testing,lib,simulator,app,scripts,messages,components,server}/**/*.test.{ts,tsx}'],
  // Server modules log JSON lines through pino; tests keep the output readable.
  setupFiles: ['<rootDir>/jest.setup.mjs'],
  // CI has 2 cores shared with a build; simulations and loopback servers get room (no test is timed).
  testTimeout: 20_000,
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
}

export default async function jestConfig() {
  const resolved = await createJestConfig(config)()
  return {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(?:${esmPackages.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  }
}
