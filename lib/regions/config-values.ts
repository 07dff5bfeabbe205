/**
 * zod schemas for single environment values, and the error every bad value becomes. Each schema
 * takes the raw string so the message can quote exactly what ops wrote.
 */
import { z } from 'zod'
import { parseHostLiteral } from './hostname'

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    reason: string,
  ) {
    // Quoted and cut: a value may be long or contain spaces/commas that caused the problem.
    super(`${variable}=${JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value)}: ${reason}`)
    this.name = 'ConfigError'
  }
}

export const booleanValue = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((v) => v === 'true')

export const hostValue = z.string().transform((raw, ctx) => {
  const host = parseHostLiteral(raw)
  if (host !== null) return host
  ctx.addIssue({ code: 'custom', message: 'must be a plain host name (no scheme, port, path or user info)' })
  return z.NEVER
})

/**
 * An http(s) origin, returned without a trailing slash. Paths are refused rather than dropped:
 * a silently ignored "/api" would send every request to the wrong place.
 */
export const originValue = z.string().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return fail('is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must use http or https')
  if (url.username || url.password || raw.includes('@')) return fail('must not contain user info')
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(raw)) {
    return fail('must be an origin only (no path, query or fragment)')
  }
  return url.origin
})

/** A comma list; an empty value or an empty entry ("a,,b") is an error, not "no entries". */
export function listOf<T>(item: z.ZodType<T, string>) {
  return z
    .string()
    .refine((s) => s.trim() !== '', 'must be a non-empty comma-separated list')
    .transform((s) => s.split(',').map((part) => part.trim()))
    .pipe(z.array(z.string().min(1, 'has an empty entry').pipe(item)))
}

/** The route chooser's three hosts, in order: main, "@1", "@2". */
export const apiHostsValue = listOf(originValue)
  .refine((list) => list.length === 3, 'must list exactly three URLs (main, @1, @2)')
  // The defaults are unreachable after the refine; they only satisfy noUncheckedIndexedAccess.
  .transform(([main = '', alt1 = '', alt2 = '']) => ({ main, alt1, alt2 }))

export const portValue = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 65535, 'must be between 1 and 65535')

/** TRUSTED_PROXY_HOPS: how many of our own proxies append to X-Forwarded-For. */
export const hopsValue = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 10, 'must be between 1 and 10')

export const languagesModeValue = z.enum(['own', 'all'], { error: 'must be own or all' })

/** Parses `value` (when set) with `schema`, turning the first zod issue into a ConfigError. */
export function readValue<T>(variable: string, value: string | undefined, schema: z.ZodType<T, string>, fallback: T): T {
  if (value === undefined) return fallback
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = typeof issue?.path[0] === 'number' ? `entry ${issue.path[0] + 1} ` : ''
  throw new ConfigError(variable, value, `${where}${issue?.message ?? 'is invalid'}`)
}

/**
 * SPEC §4: off, open globally, or on for whitelisted users (getproxy decides). The configured
 * mode (FAST_PATH_MODE) and the state the fast-path engine is in take these same names.
 */
export const FAST_PATH_MODES = ['off', 'global', 'whitelist'] as const
export type FastPathMode = (typeof FAST_PATH_MODES)[number]
/** FAST_PATH_MODE: SPEC §4's three states as configured by ops. */
export const fastPathModeValue = z.enum(FAST_PATH_MODES, { error: `must be ${FAST_PATH_MODES.slice(0, -1).join(', ')} or ${FAST_PATH_MODES.at(-1)}` })

/** A full http(s) or ws(s) URL (the fast path's websocket and CDN probe targets). */
export function urlValue(protocols: readonly string[]) {
  return z.string().transform((raw, ctx) => {
    try {
      const url = new URL(raw.trim())
      if (!protocols.includes(url.protocol)) throw new Error()
      if (url.username || url.password) throw new Error()
      return url.href
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be a ${protocols.map((p) => p.replace(':', '')).join('/')} URL without user info` })
      return z.NEVER
    }
  })
}
