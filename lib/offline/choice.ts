/**
 * What the worker serves when the network has nothing (docs/decisions/offline.md "The offline
 * page"): whether an answer may be kept at all, the offline page's language, and the language a
 * launch from the home screen opens in.
 */
import { languageOfPath } from './requests'

export interface Kept {
  language: string
  savedAt: number
}

/** The offline page in the URL's language when one is kept, else the one used last; null when none is kept. */
export function offlineLanguage(pathname: string, kept: readonly Kept[]): string | null {
  const wanted = languageOfPath(pathname)
  if (wanted !== null && kept.some((k) => k.language === wanted)) return wanted
  return latest(kept)
}

/** The language of the page saved last: where `/` goes when the server cannot say. */
export function lastLanguage(savedPages: readonly { key: string; savedAt: number }[]): string | null {
  return latest(savedPages.flatMap((page) => languageOf(page.key, page.savedAt)))
}

function languageOf(key: string, savedAt: number): Kept[] {
  const language = languageOfPath(new URL(key).pathname)
  return language === null ? [] : [{ language, savedAt }]
}

function latest(kept: readonly Kept[]): string | null {
  let best: Kept | null = null
  for (const k of kept) if (best === null || k.savedAt > best.savedAt) best = k
  return best?.language ?? null
}

export interface AnswerShape {
  status: number
  type: string
  redirected: boolean
  headers: { get(name: string): string | null }
}

/**
 * Only a whole 200 that no one marked private is kept: never a redirect (the language redirect of
 * `/` is `private, no-store` and per visitor), an error page, or an answer meant for one browser.
 */
export function mayKeep(answer: AnswerShape): boolean {
  if (answer.status !== 200 || answer.type === 'opaqueredirect' || answer.redirected) return false
  const cacheControl = (answer.headers.get('cache-control') ?? '').toLowerCase()
  if (/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl)) return false
  return !(answer.headers.get('vary') ?? '').toLowerCase().includes('cookie')
}
