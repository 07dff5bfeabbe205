import { createHash } from 'node:crypto'
import type { Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import type { SymbolListResult } from '@/lib/symbols'
import { toSymbolListView } from '@/lib/symbol-view/view'
import { wholeListText, wholeListVersion } from '@/lib/symbol-view/whole-list'
import { processSingleton } from './global'
import { getSymbolCacheSeed, getSymbolList } from './symbols'

/**
 * The versions of the markets page's whole list this process can serve (docs/decisions/pages.md
 * "The whole list is one immutable resource"): per region and language the current list's and the
 * last few before it, so a page rendered a few list changes ago (ISR, the edge) still finds its
 * own. An older version is gone: its URL answers 404, never another list.
 */
export const WHOLE_LIST_VERSIONS_KEPT = 4

export interface WholeListEntry {
  version: string
  text: string
  /** Whether it carries the records that seed the browser's caches (a live list's only). */
  seeded: boolean
}

const sha256Base64Url = (text: string) => createHash('sha256').update(text).digest('base64url')

const state = processSingleton('whole-list', () => ({
  /** The entry of a list result, made once (a render and the resource's requests share it). */
  byList: new WeakMap<SymbolListResult, WholeListEntry>(),
  /** `region lang` → version → text, oldest first. */
  kept: new Map<string, Map<string, string>>(),
}))

const keyOf = (region: RegionConfig, language: Language) => `${region.id} ${language.code}`

function keep(key: string, entry: WholeListEntry): void {
  let versions = state.kept.get(key)
  if (!versions) state.kept.set(key, (versions = new Map()))
  versions.delete(entry.version) // the newest last
  versions.set(entry.version, entry.text)
  for (const old of versions.keys()) {
    if (versions.size <= WHOLE_LIST_VERSIONS_KEPT) break
    versions.delete(old)
  }
}

/** The whole-list resource of a list the page renders: its version (the URL's) and its text. */
export function wholeListOf(region: RegionConfig, language: Language, list: SymbolListResult): WholeListEntry {
  const known = state.byList.get(list)
  if (known) return known
  const seed = getSymbolCacheSeed(region, language, list)
  const text = wholeListText(toSymbolListView(list), seed)
  const entry = { version: wholeListVersion(text, sha256Base64Url), text, seeded: seed !== undefined }
  state.byList.set(list, entry)
  keep(keyOf(region, language), entry)
  return entry
}

/** The text of `version`, when it is the current list's or one kept; undefined when gone. */
export async function wholeListAt(region: RegionConfig, language: Language, version: string): Promise<string | undefined> {
  wholeListOf(region, language, await getSymbolList(region, language))
  return state.kept.get(keyOf(region, language))?.get(version)
}
