// Runs in the browser before hydration. zod compiles object parsers with `new Function` unless
// told not to, and its first probe for eval is itself a CSP violation under our script-src
// without 'unsafe-eval' (docs/decisions/site-routing.md "Security headers and the CSP"). zod keeps its config
// on globalThis.__zod_globalConfig so that every copy of zod shares it (zod/v4/core/core.js);
// writing it here keeps zod itself out of the first-load bundle. The server keeps the compiled
// parsers: its pair lists are large, and a CSP does not apply to it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> }
// Mutated in place: a zod loaded earlier holds a reference to this very object.
;(zodGlobal.__zod_globalConfig ??= {}).jitless = true
