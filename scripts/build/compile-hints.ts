/**
 * Compile hints for the large chunks (docs/decisions/pages.md "Compile hints for the large chunks").
 *
 * V8 compiles a function on the main thread the first time it is called. A Turbopack chunk is an
 * array of module factories, called when the page boots (react-dom, Next's runtime) or when a
 * late `import()` arrives (the symbol chain, the chart library), so their compilation lands in
 * those tasks. `//# allFunctionsCalledOnLoad` at the top of a script asks V8 to compile all of its
 * functions eagerly, which Chrome does while a large script streams in, off the main thread.
 *
 * next.config.ts runs `addCompileHints` after the production compile, so every `next build` (CI,
 * the demo, the fleet, the bench) ships the hinted chunks.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** V8's explicit compile hint for a whole script (Chrome 136 and later; elsewhere a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Chrome's long-standing threshold for streaming a script (compiling it off the main thread): a
 * smaller one may compile on the main thread, where compiling every function eagerly would cost
 * more than it saves. Hinting the small chunks too measured no better (docs/measurements.md
 * "Compile hints for the large chunks").
 */
export const HINT_MIN_BYTES = 30 * 1024

/** The source with the hint on its first line; a hinted source is returned as it is. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}\n${source}`
}

/** The chunks to hint, by their size in bytes: those of at least HINT_MIN_BYTES. */
export function chunksToHint(sizes: ReadonlyMap<string, number>): string[] {
  return [...sizes].filter(([, bytes]) => bytes >= HINT_MIN_BYTES).map(([name]) => name)
}

/**
 * Adds the hint to the large `.js` chunks of `chunksDir`; returns the files it hinted. A build
 * with no chunk that large has moved its chunks elsewhere, so it stops rather than ship unhinted.
 */
export async function addCompileHints(chunksDir: string): Promise<string[]> {
  const names = (await readdir(chunksDir)).filter((name) => name.endsWith('.js'))
  const sizes = new Map(await Promise.all(names.map(async (name) => [name, (await stat(join(chunksDir, name))).size] as const)))
  const hinted = chunksToHint(sizes)
  if (hinted.length === 0) throw new Error(`compile hints: no chunk of ${HINT_MIN_BYTES} bytes or more in ${chunksDir} (scripts/build/compile-hints.ts)`)
  await Promise.all(hinted.map(async (name) => writeFile(join(chunksDir, name), withCompileHint(await readFile(join(chunksDir, name), 'utf8')))))
  return hinted
}
