/**
 * How the worker answers each kind of request (lib/offline/requests.ts), as Serwist strategies
 * (docs/decisions/offline.md "Timeouts"): the network first, within SPEC §9's slowness threshold;
 * then what it kept; never a request left hanging.
 */
import { Strategy, type StrategyHandler, type StrategyOptions } from 'serwist'
import { systemTimers } from '@/lib/engine-kit/environment'
import { withPatience } from '@/lib/http/patience'
import { lastLanguage } from '@/lib/offline/choice'
import { isFresh, LEDGER_HEADERS, readLedger } from '@/lib/offline/ledger'
import { markSavedCopy } from '@/lib/offline/marks'
import { FRESH_COPY_MS, NETWORK_PATIENCE_MS, OLD_PAGE_MS, STALL_MEMORY_MS, UNSAVED_PATIENCE_MS } from '@/lib/offline/policy'
import { readCache } from './ledger-plugin'
import { offlinePage } from './offline-pages'

/**
 * A request that stalled past the patience makes the next ones skip it for a while: the router's
 * payload request timing out is followed at once by the document navigation it falls back to,
 * which should not wait the same 3 s again.
 */
export class StallMemory {
  private at = -Infinity
  note(now: number): void {
    this.at = now
  }
  patience(now: number, ms: number): number {
    return now - this.at < STALL_MEMORY_MS ? 0 : ms
  }
}

interface Options extends StrategyOptions {
  stall: StallMemory
}

/** The network's answer, or null when it failed; registered with the event so a late answer is still saved. */
function fromNetwork(handler: StrategyHandler, request: Request, onAnswer?: (response: Response) => void): Promise<Response | null> {
  const answer = handler.fetch(request).then(
    (response) => {
      onAnswer?.(response)
      return response
    },
    () => null,
  )
  // Bounded: a network that never answers must not keep the worker alive for good.
  void handler.waitUntil(withPatience(answer, UNSAVED_PATIENCE_MS, () => null, systemTimers))
  return answer
}

/** Pages of the site: the network within 3 s, else the saved copy (marked), else up to 15 s more, else the offline page. */
export class SavedPages extends Strategy {
  private readonly stall: StallMemory
  constructor({ stall, ...options }: Options) {
    super(options)
    this.stall = stall
  }

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    // A page the browser asked the worker to keep (worker/sw.ts "save"): fetch and keep, nothing to show.
    if (request.mode !== 'navigate') return handler.fetchAndCachePut(request)
    const answer = fromNetwork(handler, request, (response) => {
      if (response.ok) void handler.waitUntil(handler.cachePut(request, response.clone()))
    })
    // Opened within the last revalidate period: the copy at once, unmarked, as the edge would serve
    // it; the answer above refreshes it. Not when the browser knows it is offline: then it is a saved copy.
    const copy = await handler.cacheMatch(request)
    const ledger = copy ? readLedger(request.url, copy.headers) : null
    if (copy && ledger && navigator.onLine && isFresh(ledger, Date.now(), FRESH_COPY_MS, OLD_PAGE_MS)) return copy
    const first = await withPatience(answer, this.stall.patience(Date.now(), NETWORK_PATIENCE_MS), () => undefined, systemTimers)
    // A 5xx is the server or the edge failing: a saved copy is better, the error page the last answer.
    if (first && first.status < 500) return first
    if (first === undefined) this.stall.note(Date.now())
    if (copy) return savedCopy(copy)
    const late = first === undefined ? await withPatience(answer, UNSAVED_PATIENCE_MS - NETWORK_PATIENCE_MS, () => null, systemTimers) : first
    return late ?? offlinePage(new URL(request.url))
  }
}

/** The saved document with its saved-copy mark, which the page's notice reads (components/offline/SavedCopyNotice.tsx). */
async function savedCopy(saved: Response): Promise<Response> {
  const html = markSavedCopy(await saved.text(), Number(saved.headers.get(LEDGER_HEADERS.savedAt)))
  const headers = new Headers(saved.headers)
  // The Cache API keeps the decoded body: the original length and encoding no longer describe it.
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(html, { status: 200, headers })
}

/**
 * `/`, the manifest's start_url: the server redirects it to the visitor's language. Offline the
 * worker does, to the language of the page saved last; with nothing saved, the offline page.
 */
export class Launch extends Strategy {
  private readonly stall: StallMemory
  constructor({ stall, pagesCache, ...options }: Options & { pagesCache: string }) {
    super(options)
    this.stall = stall
    this.pagesCache = pagesCache
  }
  private readonly pagesCache: string

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const first = await withPatience(fromNetwork(handler, request), this.stall.patience(Date.now(), NETWORK_PATIENCE_MS), () => undefined, systemTimers)
    if (first && first.status < 500) return first
    if (first === undefined) this.stall.note(Date.now())
    const url = new URL(request.url)
    const language = lastLanguage(await readCache(this.pagesCache))
    return language === null ? offlinePage(url) : Response.redirect(`${url.origin}/${encodeURIComponent(language)}`, 302)
  }
}

/**
 * Next's router asking for a page's payload: within 3 s, else a 503. Any answer that is not a
 * payload makes the router fall back to a document navigation, which the page strategy answers
 * (next/dist/client/components/router-reducer/fetch-server-response.js), so a tap never hangs.
 */
export class Flight extends Strategy {
  private readonly stall: StallMemory
  constructor({ stall, ...options }: Options) {
    super(options)
    this.stall = stall
  }

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const first = await withPatience(fromNetwork(handler, request), this.stall.patience(Date.now(), NETWORK_PATIENCE_MS), () => undefined, systemTimers)
    if (first) return first
    if (first === undefined) this.stall.note(Date.now())
    return new Response(null, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
