import { defineConfig } from '@playwright/test'
import { e2ePorts } from './scripts/support/ports'
import { CHROME, CHROME_FLAGS } from './scripts/bench/chromium'

// The e2e run owns its ports (scripts/support/ports.ts), so `npm run demo` can keep running
// beside it. E2E_PORT_OFFSET moves every port, so two checkouts can run e2e side by side.
export const E2E_PORTS = e2ePorts(Number(process.env.E2E_PORT_OFFSET ?? 0))
export const E2E_PORT = E2E_PORTS.site
const simPorts = E2E_PORTS.sim
/** Base URL of one of the e2e simulator's hosts (its admin endpoint included). */
export const sim = (name: keyof typeof simPorts) => `http://127.0.0.1:${simPorts[name]}`

export const e2eEnv = {
  PORT: String(E2E_PORT),
  API_BASE_URL: sim('main'),
  // The simulator names its own main host for pair icons (simulator/data/icons.ts); the CSP's img-src follows.
  ICON_HOSTS: sim('main'),
  API_HOSTS: [sim('main'), sim('alt1'), sim('alt2')].join(','),
  FAST_PATH_HOSTS: sim('fastPath'),
  FAST_PATH_WS_URL: `ws://127.0.0.1:${simPorts.fastPath}/ws`,
  NEXT_TELEMETRY_DISABLED: '1',
  // The e2e site runs on *.localhost public URLs (README "Configuration", DEMO_DEFAULTS).
  DEMO_DEFAULTS: '1',
  WEB_VITALS_SAMPLE_RATE: '1', // every page view reports web vitals (e2e/web-vitals.spec.ts)
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // The service worker answers the site's documents, payloads and build files itself, out of
    // page.route's reach: specs that inject faults there would test nothing. e2e/offline.spec.ts
    // allows it (docs/decisions/offline.md "Serwist, built at build time").
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROME,
      args: [
        ...CHROME_FLAGS,
        // evil.example plays a hostile Host header; the simulator's icon CDN is never looked up.
        '--host-resolver-rules=MAP evil.example 127.0.0.1, MAP *.example-cdn.test ~NOTFOUND',
      ],
    },
  },
  webServer: [
    {
      command: `npx tsx simulator/http/cli.ts --ports main=${simPorts.main},alt1=${simPorts.alt1},alt2=${simPorts.alt2},fastPath=${simPorts.fastPath},admin=${simPorts.admin} --latency main=5,alt1=5,alt2=5`,
      url: `${sim('admin')}/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SIM_ALLOWED_ORIGINS: `http://localhost:${E2E_PORT},http://*.localhost:${E2E_PORT}` },
    },
    {
      command: `npx next start -p ${E2E_PORT}`,
      url: `http://localhost:${E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: e2eEnv,
    },
  ],
})
