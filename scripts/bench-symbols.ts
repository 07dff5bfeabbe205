/**
 * Symbol-list pipeline bench (docs/decisions/symbol-list.md "Performance"): a synthetic 3000-pair
 * symbol_list_v3 + symbol_list_all
 * answer in the docs/wire.md format. Prints the decode + validate + merge time (median of N runs),
 * its ratio to a bare JSON.parse of the same bytes (goal ≤ 3×) and the serialised size of the
 * stored caches (goal ≤ 1.5 MB). `npm run bench` calls runSymbolsBench().
 */
import { performance } from 'node:perf_hooks'
import { median as medianOrNull } from './bench/report'
import { createMemoryStorage } from '../lib/storage/memory'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '../lib/symbols/storage-keys'
import { createSymbolCaches } from '../lib/symbols/cache'
import { deriveCollections } from '../lib/symbols/derive'
import { PAIR_FIELDS, FIELD_NAMES, type SymbolPair } from '../lib/symbols/fields'
import { indexBySymbolId, mergeV3WithAll, upsertIncremental } from '../lib/symbols/merge'
import { allAnswerSchema, v3AnswerSchema } from '../lib/symbols/schema'

export interface SymbolsBenchFigures {
  pairs: number
  runs: number
  answerBytes: number
  jsonParseMs: number
  pipelineMs: number
  /** pipelineMs / jsonParseMs; goal ≤ 3. */
  ratio: number
  /** Completing and deriving the collections, after the merge (not part of the goal). */
  deriveMs: number
  storedCacheChars: number
  storedCacheBytes: number
  goals: { ratio: boolean; storedCache: boolean }
}

const QUOTES = [
  ['USDT', 'CHAIN_TOKEN', 1200],
  ['USDC', 'CHAIN_TOKEN', 600],
  ['BTC', 'CHAIN_TOKEN', 400],
  ['ETH', 'CHAIN_TOKEN', 300],
  ['EUR', 'REAL_MONEY', 300],
  ['TRY', 'REAL_MONEY', 200],
] as const
const step = (places: number) => (places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`)

/** A plausible pair: the same field shapes and value lengths as the simulator's data. */
function syntheticPair(i: number, quote: string): SymbolPair {
  const base = `TKN${i}`
  const baseDec = i % 9
  const priceDec = (i * 7) % 11
  const icon = (theme: string) => `https://static.example-cdn.test/icons/${theme}/${base.toLowerCase()}.svg`
  return {
    symbolId: base + quote,
    symbolName: base + quote,
    baseTokenId: base,
    baseTokenName: base,
    quoteTokenId: quote,
    quoteTokenName: quote,
    basePrecision: step(baseDec),
    quotePrecision: step(Math.min(12, baseDec + priceDec)),
    minTradeQuantity: `${(i % 97) + 1}${baseDec ? `.${'3'.repeat(baseDec)}` : ''}`,
    minTradeAmount: '1',
    minPricePrecision: step(priceDec),
    digitMerge: [0, 1, 2, 3].map((d) => step(priceDec - d)).join(','),
    showStatus: i % 50 !== 0,
    label: i % 13 === 0 ? 'HOT' : null,
    allowPlan: i % 3 !== 0,
    maxTradeQuantity: `9${'1234567890'.repeat(2)}123.${'5'.repeat(baseDec + 1)}`,
    maxTradeAmount: '2000000',
    noticeVisible: i % 41 === 0,
    symbolType: i % 25 === 0 ? 'LEVERAGED_TOKEN' : 'CHAIN_TOKEN',
    ltUnderlying: i % 25 === 0 ? 'BTC' : null,
    ltDirection: i % 25 === 0 ? 'LONG' : null,
    tags: i % 4 === 0 ? ['layer1', 'hot'] : ['defi'],
    tokenFullName: `Token number ${i}`,
    iconUrl: icon('night'),
    iconDayUrl: icon('day'),
    onlineTime: 1_600_000_000_000 + i * 86_400_000,
    mark: i % 41 === 0 ? 'ST' : null,
    quoteTokenLeverageRatio: i % 5 === 0 ? '10' : null,
    baseTokenLeverageRatio: i % 5 === 0 ? '10' : null,
    loanEnabled: i % 5 === 0,
    isTest: false,
    isBanBuy: i % 97 === 0,
    isBanSell: i % 89 === 0,
    tradeStatus: i % 100 === 0 ? 2 : 1,
    zeroFeeType: i % 30 === 0 ? 2 : 0,
    limitOrderPriceLimitPercentage: '0.03',
    marketOrderPriceLimitPercentage: '0.05',
    volume: `${(i * 7919) % 100000000}.${i % 100}`,
  }
}

function compact(pair: SymbolPair, list: 'v3' | 'all'): Record<string, unknown> {
  const fields = FIELD_NAMES.filter((name) => PAIR_FIELDS[name].list === list || PAIR_FIELDS[name].list === 'both')
  return Object.fromEntries(fields.map((name) => [PAIR_FIELDS[name].short, pair[name]]))
}

/** The two answers' `result` texts, as the client hands them over after the envelope. */
export function syntheticAnswers(): { v3Text: string; allText: string; pairs: number } {
  let n = 0
  const groups = QUOTES.map(([tokenId, tokenType, count]) => ({
    tokenId,
    tokenName: tokenId,
    tokenFullName: `${tokenId} full name`,
    tokenType,
    zeroFeeType: 0,
    quoteTags: ['hot', 'defi', 'layer1'],
    pairs: Array.from({ length: count }, () => syntheticPair(n++, tokenId)),
  }))
  const v3 = { version: 'v123', quoteTokenResult: groups.map(({ pairs, ...header }) => ({ ...header, quoteTokenSymbols: pairs.map((p) => compact(p, 'v3')) })) }
  const all = { quoteTokenSymbols: groups.flatMap((g) => g.pairs.map((p) => compact(p, 'all'))), lastModifiedTime: 1_763_000_000_000 }
  return { v3Text: JSON.stringify(v3), allText: JSON.stringify(all), pairs: n }
}

const median = (values: number[]) => medianOrNull(values) ?? NaN

function time(fn: () => unknown): number {
  const start = performance.now()
  fn()
  return performance.now() - start
}

/** Decode + validate + merge, as the loader does it on a full (non-delta) answer. */
function pipeline(v3Text: string, allText: string) {
  const v3 = v3AnswerSchema.parse(JSON.parse(v3Text))
  const all = allAnswerSchema.parse(JSON.parse(allText))
  const incremental = upsertIncremental(undefined, { ...all.value, droppedIds: all.droppedIds }, false)
  const merged = mergeV3WithAll(v3.value.quoteTokenResult ?? [], indexBySymbolId(incremental.quoteTokenSymbols), {
    droppedIds: new Set(incremental.droppedSymbolIds),
  })
  return { v3, incremental, merged }
}

export function runSymbolsBench(runs = 21): SymbolsBenchFigures {
  const { v3Text, allText, pairs } = syntheticAnswers()
  for (let i = 0; i < 5; i++) pipeline(v3Text, allText) // warm-up: let the JIT warm up first
  const parse: number[] = []
  const full: number[] = []
  const derive: number[] = []
  let last = pipeline(v3Text, allText)
  for (let i = 0; i < runs; i++) {
    parse.push(time(() => [JSON.parse(v3Text), JSON.parse(allText)]))
    full.push(time(() => (last = pipeline(v3Text, allText))))
    derive.push(time(() => deriveCollections(last.merged.groups)))
  }
  if (last.merged.groups.flatMap((g) => g.quoteTokenSymbols).length !== pairs) throw new Error('bench: the pipeline lost pairs')
  const storage = createMemoryStorage()
  createSymbolCaches(storage).save(
    { version: last.v3.value.version, quoteTokenResult: last.v3.value.quoteTokenResult ?? [], savedAt: Date.now() },
    { ...last.incremental, savedAt: Date.now() },
  )
  const stored = [SYMBOL_CACHE_KEY, INCREMENTAL_CACHE_KEY].map((k) => k + (storage.getItem(k) ?? ''))
  const jsonParseMs = median(parse)
  const pipelineMs = median(full)
  const storedCacheChars = stored.reduce((n, s) => n + s.length, 0)
  const storedCacheBytes = stored.reduce((n, s) => n + Buffer.byteLength(s), 0)
  const ratio = pipelineMs / jsonParseMs
  return {
    pairs,
    runs,
    answerBytes: Buffer.byteLength(v3Text) + Buffer.byteLength(allText),
    jsonParseMs,
    pipelineMs,
    ratio,
    deriveMs: median(derive),
    storedCacheChars,
    storedCacheBytes,
    goals: { ratio: ratio <= 3, storedCache: storedCacheBytes <= 1.5 * 1024 * 1024 },
  }
}

function report(f: SymbolsBenchFigures): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`
  const mb = (v: number) => `${(v / 1024 / 1024).toFixed(2)} MB`
  return [
    `symbols bench: ${f.pairs} pairs, ${mb(f.answerBytes)} of v3 + all answers, median of ${f.runs} runs`,
    `  bare JSON.parse             ${ms(f.jsonParseMs)}`,
    `  decode + validate + merge   ${ms(f.pipelineMs)}  (${f.ratio.toFixed(2)}× JSON.parse, goal ≤ 3×: ${f.goals.ratio ? 'met' : 'MISSED'})`,
    `  derive collections          ${ms(f.deriveMs)}  (after the merge, not in the ratio)`,
    `  stored caches               ${mb(f.storedCacheBytes)} (${f.storedCacheChars} characters, goal ≤ 1.5 MB: ${f.goals.storedCache ? 'met' : 'MISSED'})`,
  ].join('\n')
}

if (process.argv[1]?.endsWith('bench-symbols.ts')) console.log(report(runSymbolsBench()))
