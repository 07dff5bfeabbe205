/**
 * A compact one-value form of SiteConfig, for handing the parsed config to a runtime that can
 * only receive strings (e.g. the edge middleware via one environment variable).
 *
 * Parsing expands it back into REGION_* variables and runs loadSiteConfig again, so a
 * serialized config passes exactly the checks the environment does; there is no second,
 * weaker validator to keep in step.
 */
import { z } from 'zod'
import { ALL_LANGUAGES } from '../i18n/languages'
import { ConfigError, loadSiteConfig, regionVariable, type Env, type SiteConfig } from './config'
import { REGION_IDS, type RegionId } from './regions'

// Per region: [enabled, hosts, [main, @1, @2], apiBaseUrl, publicUrl, languages mode].
const regionTuple = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.array(z.string()),
  z.tuple([z.string(), z.string(), z.string()]),
  z.string(),
  z.string(),
  z.enum(['own', 'all']),
])
const compactSchema = z.strictObject({
  v: z.literal(1), // bump when the shape changes, so an old value fails loudly
  p: z.union([z.literal(0), z.literal(1)]),
  f: z.array(z.string()),
  r: z.strictObject(Object.fromEntries(REGION_IDS.map((id) => [id, regionTuple])) as Record<RegionId, typeof regionTuple>),
})
type Compact = z.infer<typeof compactSchema>

export function serializeSiteConfig(config: SiteConfig): string {
  const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])
  const r = Object.fromEntries(
    REGION_IDS.map((id) => {
      const c = config.regions[id]
      const mode = sameList(c.languages, ALL_LANGUAGES) ? 'all' : 'own'
      return [id, [c.enabled ? 1 : 0, [...c.hosts], [c.apiHosts.main, c.apiHosts.alt1, c.apiHosts.alt2], c.apiBaseUrl, c.publicUrl, mode]]
    }),
  ) as Compact['r']
  const compact: Compact = { v: 1, p: config.trustProxy ? 1 : 0, f: [...config.fastPathHosts], r }
  return JSON.stringify(compact)
}

/** `variable` names where the text came from, for the error message. */
export function parseSerializedSiteConfig(text: string, variable = 'SITE_CONFIG'): SiteConfig {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ConfigError(variable, text, 'is not JSON')
  }
  const parsed = compactSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError(variable, text, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid shape'}`)
  }
  const env: Env = { TRUST_PROXY: String(parsed.data.p === 1), FAST_PATH_HOSTS: parsed.data.f.join(',') }
  for (const id of REGION_IDS) {
    const [enabled, hosts, apiHosts, apiBaseUrl, publicUrl, mode] = parsed.data.r[id]
    env[regionVariable(id, 'ENABLED')] = String(enabled === 1)
    env[regionVariable(id, 'HOSTS')] = hosts.join(',')
    env[regionVariable(id, 'API_HOSTS')] = apiHosts.join(',')
    env[regionVariable(id, 'API_BASE_URL')] = apiBaseUrl
    env[regionVariable(id, 'PUBLIC_URL')] = publicUrl
    env[regionVariable(id, 'LANGUAGES')] = mode
  }
  try {
    return loadSiteConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(variable, text, error.message)
    throw error
  }
}
