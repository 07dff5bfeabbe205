/**
 * Runs an effect's work in a task of its own. React runs every effect of a hydrated page in one
 * task, so an effect that starts something costly (a chunk's load, the engines, the first
 * requests) lengthens a task that is already the page's longest after hydration; a task of its
 * own lets the browser paint and take input in between (docs/decisions.md "Rendering without long
 * tasks"). Returns the effect's cleanup: it cancels work that has not started and cleans up work
 * that has.
 */
export function inTaskOfItsOwn(work: () => void | (() => void)): () => void {
  let cleanup: void | (() => void)
  const timer = window.setTimeout(() => {
    cleanup = work()
  }, 0)
  return () => {
    window.clearTimeout(timer)
    cleanup?.()
  }
}
