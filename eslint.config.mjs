import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import { noImportCircle } from './lint/no-import-circle.mjs'

// The layers, from the ground up, and the folders each may not import: an import goes down or
// sideways, never up (docs/decisions/stack.md "Names and layers"). The simulator plays the upstream
// and knows nothing of the site; scripts/ is below e2e/, which uses its helpers. testing/ holds the
// test helpers every floor's tests share (eventually()) and imports nothing of the project.
// The service worker (worker/) stands on lib/ alone: it runs in the browser, beside no page.
const layers = {
  testing: ['lib', 'simulator', 'server', 'components', 'app', 'scripts', 'e2e', 'worker'],
  simulator: ['lib', 'server', 'components', 'app', 'scripts', 'e2e', 'worker'],
  lib: ['components', 'server', 'app', 'scripts', 'e2e', 'worker'],
  worker: ['components', 'server', 'app', 'scripts', 'e2e'],
  server: ['components', 'app', 'scripts', 'e2e', 'worker'],
  components: ['app', 'scripts', 'e2e', 'worker'],
  app: ['scripts', 'e2e', 'worker'],
  scripts: ['e2e'],
}

// lib/ is the pure core under thin React/Next adapters: no framework imports,
// so every engine is testable with injected fetch, timers and storage.
const frameworkImports = {
  paths: [
    { name: 'next', message: 'lib/ is pure TypeScript: pass what you need in from app/ or middleware.ts.' },
    { name: 'react', message: 'lib/ is pure TypeScript: put React hooks outside lib/.' },
    { name: 'react-dom', message: 'lib/ is pure TypeScript.' },
  ],
  patterns: [
    { group: ['next/*', 'react/*', 'react-dom/*', 'next-intl', 'next-intl/*', 'swr', 'swr/*'], message: 'lib/ is pure TypeScript: no framework imports.' },
  ],
}

// server/ by capability, floors bottom up (README "Layout"): a folder imports its own floor or lower.
const serverFloors = [['config'], ['ops'], ['fleet'], ['feeds'], ['symbol-list', 'tickers'], ['pages']]

/** Import specifiers that reach a top-level folder by alias or by a relative path. */
function upperLayers(...folders) {
  return folders.flatMap((folder) => [`@/${folder}`, `@/${folder}/*`, `**/../${folder}`, `**/../${folder}/*`])
}

const layerPattern = (folder, above) => ({
  group: upperLayers(...above),
  message: `${folder}/ imports no layer above it (${above.map((f) => `${f}/`).join(', ')}).`,
})

function layerRule(folder, above) {
  const pattern = layerPattern(folder, above)
  const options = folder === 'lib' ? { ...frameworkImports, patterns: [...frameworkImports.patterns, pattern] } : { patterns: [pattern] }
  return { files: [`${folder}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}`], rules: { 'no-restricted-imports': ['error', options] } }
}

/** A server/ folder's rule: the server's own layer, and no server folder on a floor above its own. */
function serverFloorRule(room, above) {
  const group = above.flatMap((r) => [`@/server/${r}`, `@/server/${r}/*`, `**/../${r}`, `**/../${r}/*`])
  const floor = { group, message: `server/${room}/ imports no server/ folder above it (${above.map((r) => `${r}/`).join(', ')}).` }
  const patterns = above.length ? [layerPattern('server', layers.server), floor] : [layerPattern('server', layers.server)]
  return { files: [`server/${room}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}`], rules: { 'no-restricted-imports': ['error', { patterns }] } }
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...Object.entries(layers).map(([folder, above]) => layerRule(folder, above)),
  ...serverFloors.flatMap((floor, i) => floor.map((room) => serverFloorRule(room, serverFloors.slice(i + 1).flat()))),
  {
    // Type-only imports count: import/no-cycle skips them, and both circles of issue #25 closed through one.
    plugins: { local: { rules: { 'no-import-circle': noImportCircle } } },
    rules: { 'local/no-import-circle': 'error' },
  },
  {
    // One timer provider (docs/decisions/network-layer.md "One deadline, one timer provider"): the site's code takes
    // injected timers or the system's (lib/engine-kit/environment.ts), so a fake clock owns every wait in tests.
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'server/**/*.ts', 'app/**/*.{ts,tsx}', 'worker/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.sim.test.ts', 'lib/testing/**', 'lib/engine-kit/environment.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((name) => ({
          name,
          message: 'Take injected Timers, or systemTimers / browserTimers (lib/engine-kit/environment.ts).',
        })),
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  globalIgnores(['.next/**', 'out/**', 'build/**', 'next-env.d.ts', 'node_modules/**', 'test-results/**', 'playwright-report/**']),
])
