/**
 * local/no-import-circle: no file reaches itself through its imports, `import type` included.
 * import/no-cycle skips type-only imports by design, and both circles of issue #25 closed
 * through one (simulator/http/admin.ts ↔ server.ts, market-ws.ts → host.ts), so it passed them.
 * The graph is TypeScript's own reading of each file (static, dynamic and type imports,
 * require) resolved with tsconfig.json's paths; files under node_modules are not followed.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const tsconfig = ts.readConfigFile(`${root}/tsconfig.json`, ts.sys.readFile).config
// allowJs so that the .cjs files' require() calls resolve too.
const options = { ...ts.parseJsonConfigFileContent(tsconfig, ts.sys, root).options, allowJs: true }
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, options)
const SOURCE = /\.[cm]?[jt]sx?$/

function resolveImport(specifier, fromFile) {
  const found = ts.resolveModuleName(specifier, fromFile, options, ts.sys, resolutionCache).resolvedModule
  if (!found || found.isExternalLibraryImport || !SOURCE.test(found.resolvedFileName)) return undefined
  return found.resolvedFileName.includes('/node_modules/') ? undefined : found.resolvedFileName
}

/** Every import of a source text with where it stands: TypeScript's pre-processor, no type checking. */
function importsIn(text, file) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((ref) => ({ pos: ref.pos, target: resolveImport(ref.fileName, file) }))
    .filter((ref) => ref.target !== undefined)
}

// Kept per file with its mtime: an editor's long-lived ESLint sees a saved change at once.
const known = new Map()
function targetsOf(file) {
  const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs
  const entry = known.get(file)
  if (entry && entry.mtime === mtime) return entry.targets
  const targets = mtime === undefined ? [] : [...new Set(importsIn(readFileSync(file, 'utf8'), file).map((ref) => ref.target))]
  known.set(file, { mtime, targets })
  return targets
}

/** The files from `start` back to `goal` (both included), or undefined; `seen` is shared so each file is walked once per lint of `goal`. */
function pathBack(start, goal, seen) {
  const stack = [[start]]
  while (stack.length > 0) {
    const path = stack.pop()
    const file = path.at(-1)
    if (file === goal) return path
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of targetsOf(file)) stack.push([...path, next])
  }
  return undefined
}

export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included' },
    messages: { circle: 'Import circle: {{circle}}. Move what both sides need into a module both import.' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const { sourceCode } = context
    return {
      Program() {
        const seen = new Set()
        for (const { pos, target } of importsIn(sourceCode.text, file)) {
          const path = pathBack(target, file, seen)
          if (!path) continue
          const circle = [file, ...path].map((f) => relative(root, f)).join(' → ')
          context.report({ loc: sourceCode.getLocFromIndex(pos), messageId: 'circle', data: { circle } })
        }
      },
    }
  },
}
