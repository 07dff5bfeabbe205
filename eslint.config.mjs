import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

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
    { group: upperLayers('components', 'server', 'app'), message: 'lib/ is the ground floor: it imports no higher layer (components/, server/, app/).' },
  ],
}

/** Import specifiers that reach a top-level folder by alias or by a relative path. */
function upperLayers(...folders) {
  return folders.flatMap((folder) => [`@/${folder}`, `@/${folder}/*`, `**/../${folder}`, `**/../${folder}/*`])
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', frameworkImports] },
  },
  {
    // server/ stands under app/ and beside components/: neither is imported from here.
    files: ['server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: upperLayers('components', 'app'), message: 'server/ imports no UI layer (components/, app/).' }] }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  globalIgnores(['.next/**', 'out/**', 'build/**', 'next-env.d.ts', 'node_modules/**', 'test-results/**', 'playwright-report/**']),
])
