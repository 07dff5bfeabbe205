/**
 * The one validated runtime configuration: the site configuration plus the server's own settings,
 * each parsed by a zod schema whose failure names the variable and the value (ConfigError). Every
 * runtime reads it once: the Node server through runtimeConfig(), checked at start by
 * server/fleet/startup.ts; the edge middleware through the same function in its own isolate.
 * Edge-safe: no node: imports here.
 */
import { z } from 'zod'
import { loadSiteConfig, type Env, type SiteConfig } from '@/lib/regions/config'
import { readValue } from '@/lib/regions/config-values'
import { processSingleton } from './global'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const logLevelValue = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))

// Absolute only: a relative folder would depend on the directory `next start` happens to run in.
const absolutePathValue = z
  .string()
  .trim()
  .refine((path) => path.startsWith('/') && !path.includes('\0'), { error: 'must be an absolute path' })

// A plain decimal from 0 to 1: "10%" or "1e-1" are refused rather than guessed at.
const sampleRateValue = z
  .string()
  .trim()
  .regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, { error: 'must be a number from 0 to 1' })
  .transform(Number)

/**
 * The server's settings beside the site configuration: one schema and one fallback per variable.
 * A new setting is one entry here (and its type follows).
 */
const SERVER_SETTINGS = {
  logLevel: { variable: 'LOG_LEVEL', schema: logLevelValue, fallback: 'info' as LogLevel },
  /** null: `.next/cache/spot-symbols` under the server's working directory (server/symbol-list/symbols.ts). */
  symbolCacheDir: { variable: 'SYMBOL_CACHE_DIR', schema: absolutePathValue, fallback: null as string | null },
  /** Share of page views that report web vitals (docs/decisions/client-wiring.md "Web vitals through the client monitor"). */
  webVitalsSampleRate: { variable: 'WEB_VITALS_SAMPLE_RATE', schema: sampleRateValue, fallback: 0.1 as number },
} satisfies Record<string, { variable: string; schema: z.ZodType<unknown, string>; fallback: unknown }>

type ServerSettings = { [K in keyof typeof SERVER_SETTINGS]: (typeof SERVER_SETTINGS)[K]['fallback'] }

export interface RuntimeConfig extends ServerSettings {
  site: SiteConfig
}

/** Parses the whole environment; throws the first ConfigError (MissingConfigError lists all missing). */
export function loadRuntimeConfig(env: Env): RuntimeConfig {
  const site = loadSiteConfig(env)
  const settings = Object.fromEntries(
    Object.entries(SERVER_SETTINGS).map(([key, { variable, schema, fallback }]) => [
      key,
      readValue<unknown>(variable, env[variable], schema as z.ZodType<unknown, string>, fallback),
    ]),
  ) as ServerSettings
  return { site, ...settings }
}

/** This runtime's configuration, read from process.env on first use and kept for its lifetime. */
export function runtimeConfig(): RuntimeConfig {
  return processSingleton('runtime-config', () => loadRuntimeConfig(process.env))
}
