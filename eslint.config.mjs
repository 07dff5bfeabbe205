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
  ],
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', frameworkImports] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  globalIgnores(['.next/**', 'out/**', 'build/**', 'next-env.d.ts', 'node_modules/**', 'test-results/**', 'playwright-report/**']),
])
