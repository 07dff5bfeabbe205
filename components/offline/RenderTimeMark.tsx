import { RENDERED_AT_ATTRIBUTE } from '@/lib/offline/marks'

/**
 * The time of this page's render, in its HTML (docs/decisions/offline.md "The saved-copy notice"):
 * every copy of the page keeps it, the worker reads it when it saves the page (worker/sw.ts) and
 * the notice when it says how old the page is (./SavedCopyNotice.tsx). A server component: no
 * script, nothing on screen.
 */
export function RenderTimeMark({ renderedAt }: { renderedAt: string }) {
  return <span hidden {...{ [RENDERED_AT_ATTRIBUTE]: renderedAt }} />
}
