import { BodyTooLargeError, readCapped } from '@/lib/http/body'
import { browserTimers } from '@/lib/browser-runtime/browser-env'
import { chunkRetry, retrying } from '@/lib/engine-kit/retry'
import { nextTask } from '@/lib/engine-kit/later-task'
import type { Provenance } from '@/lib/symbols/provenance'
import { unpackFiguresText, type ServerFigures } from '@/lib/symbol-view/packed'
import { readWholeList, WHOLE_LIST_MAX_BYTES, type WholeList } from '@/lib/symbol-view/whole-list'

/**
 * The browser's side of the markets page's two resources (docs/decisions/pages.md "The whole list
 * is one immutable resource"): the whole list by version, fetched once per URL for the life of the
 * page's JavaScript (a client navigation back to the markets reuses it; a new page view finds it in
 * the HTTP cache), and every row's figures, fetched per page view (a few seconds in the HTTP cache).
 */

/** The version is gone from the server (404): final, not worth another try. */
class Gone extends Error {
  constructor(url: string) {
    super(`${url}: this version of the list is gone`)
    this.name = 'WholeListGone'
  }
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' })
  if (response.status === 404) throw new Gone(url)
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`)
  try {
    return new TextDecoder().decode(await readCapped(response.body, WHOLE_LIST_MAX_BYTES))
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Error(`${url}: more than ${WHOLE_LIST_MAX_BYTES} bytes`)
    throw error
  }
}

/** A failed fetch (no answer, 5xx) is tried again 1, 2 and 4 s later; a gone version is not. */
async function fetchWithRetries(url: string): Promise<string> {
  let gone: Gone | undefined
  const text = await retrying(
    () =>
      fetchText(url).catch((error: unknown) => {
        if (!(error instanceof Gone)) throw error
        gone = error
        return ''
      }),
    chunkRetry(browserTimers),
  )
  if (gone) throw gone
  return text
}

const wholeLists = new Map<string, Promise<WholeList>>()
/** Versions a page session keeps parsed: a long-open tab sees a new one per list change. */
const KEPT = 2

/**
 * The whole list at `url`, read with the provenance of the page that named it (the text is that
 * page's list). Rejects when the version is gone, the fetch keeps failing or the text is not the
 * list; the caller then loads the list through its own chain.
 */
export function wholeListAt(url: string, provenance: Provenance): Promise<WholeList> {
  let loading = wholeLists.get(url)
  if (!loading) {
    loading = fetchWithRetries(url).then(async (text) => {
      await nextTask(browserTimers) // the parse in a task of its own, not the one that read the last bytes
      return readWholeList(text, provenance)
    })
    loading.catch(() => wholeLists.delete(url)) // a later page view tries again
    wholeLists.set(url, loading)
    for (const old of wholeLists.keys()) if (wholeLists.size > KEPT && old !== url) wholeLists.delete(old)
  }
  return loading
}

/** Every row's figures, as the page's own are packed; rejects when they do not come (the rows then wait for live tickers). */
export async function rowFiguresAt(url: string): Promise<ServerFigures> {
  const text = await fetchText(url)
  await nextTask(browserTimers)
  return unpackFiguresText(text)
}
