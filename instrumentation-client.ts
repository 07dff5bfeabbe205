// Runs in the browser before hydration. zod compiles object parsers with `new Function` unless
// told not to, and its first probe for eval is itself a CSP violation under our script-src
// without 'unsafe-eval' (docs/decisions/site-routing.md "Security headers and the CSP"). zod keeps its config
// on globalThis.__zod_globalConfig so that every copy of zod shares it (zod/v4/core/core.js);
// writing it here keeps zod itself out of the first-load bundle. The server keeps the compiled
// parsers: its symbol lists are large, and a CSP does not apply to it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> }
// Mutated in place: a zod loaded earlier holds a reference to this very object.
;(zodGlobal.__zod_globalConfig ??= {}).jitless = true

// The build's label (NEXT_PUBLIC_SPOT_BUILD_LABEL when it was built; empty by default), so a
// browser tells two builds of one commit apart: the rolling-deploy test builds a second one this
// way, whose chunks differ (docs/decisions/fleet.md "A rolling deploy, tested").
;(globalThis as { spotBuildLabel?: string }).spotBuildLabel = process.env.NEXT_PUBLIC_SPOT_BUILD_LABEL ?? ''
