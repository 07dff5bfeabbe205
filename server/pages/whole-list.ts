import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import type { SymbolListResult } from '@/lib/symbols'
import { toSymbolListView } from '@/lib/symbol-view/view'
import { wholeListText, wholeListVersion } from '@/lib/symbol-view/whole-list'
import { processSingleton } from '../config/global'
import { logger } from '../ops/observability'
import { getSymbolCacheSeed, lastSymbolList, symbolCacheDir } from '../symbol-list/symbols'
import { createWholeListStore } from './whole-list-store'

/**
 * The versions of the markets page's whole list this process serves (docs/decisions/pages.md "The
 * whole list is one immutable resource"): per region and language the current list's and the last
 * few before it, kept on disk beside the symbol lists, so a page rendered a few list changes ago (or
 * before a restart: ISR keeps it) still finds its own. An older version is gone: its URL answers
 * 404, never another list.
 */
export const WHOLE_LIST_VERSIONS_KEPT = 8

export interface WholeListEntry {
  version: string
  /** The text, gzip-compressed: a sixth of its memory and disk. */
  gzip: Buffer
  /** Whether it carries the records that seed the browser's caches (a live list's only). */
  seeded: boolean
}

const versionOf = (text: string) => wholeListVersion(text, (t) => createHash('sha256').update(t).digest('base64url'))

const state = processSingleton('whole-list', () => ({
  /** The entry of a list result, made once (a render and the resource's requests share it). */
  byList: new WeakMap<SymbolListResult, WholeListEntry>(),
  store: createWholeListStore({
    // v1: the text's format (lib/symbol-view/whole-list.ts); a new format starts a new folder.
    dir: join(symbolCacheDir(), 'whole-list-v1'),
    keep: WHOLE_LIST_VERSIONS_KEPT,
    versionOf,
    onProblem: (detail, error) => logger.warn({ err: error }, detail),
  }),
}))

const keyOf = (region: RegionConfig, language: Language) => `${region.id} ${language.code}`

/** The whole-list resource of a list the page renders: its version (the URL's), compressed text and whether it seeds. */
export function wholeListOf(region: RegionConfig, language: Language, list: SymbolListResult): WholeListEntry {
  const known = state.byList.get(list)
  if (known) return known
  const seed = getSymbolCacheSeed(region, language, list)
  const text = wholeListText(toSymbolListView(list), seed)
  const entry = { version: versionOf(text), gzip: gzipSync(text), seeded: seed !== undefined }
  state.byList.set(list, entry)
  state.store.put(keyOf(region, language), entry.version, entry.gzip)
  return entry
}

/** The gzip of `version`'s text, when it is the current list's or one kept; undefined when gone. */
export async function wholeListAt(region: RegionConfig, language: Language, version: string): Promise<Buffer | undefined> {
  const current = wholeListOf(region, language, await lastSymbolList(region, language))
  return current.version === version ? current.gzip : state.store.get(keyOf(region, language), version)
}

/** The current list's version, for a browser that asked for one gone everywhere (docs/decisions/fleet.md "A version of the whole list at any instance"). */
export async function currentWholeListVersion(region: RegionConfig, language: Language): Promise<string> {
  return wholeListOf(region, language, await lastSymbolList(region, language)).version
}
