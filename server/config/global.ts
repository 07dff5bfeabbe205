/**
 * One instance per server process. Next may bundle a module once per route, so process-wide
 * state (caches, loaders, metrics) hangs off globalThis under a private symbol instead of module
 * scope; otherwise /api/metrics would count nothing the pages did.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`spot-site.${name}`)
  const store = globalThis as unknown as Record<symbol, T | undefined>
  store[key] ??= create()
  return store[key]
}
