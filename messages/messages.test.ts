/**
 * Checks the message catalogues in messages/*.json against en.json:
 * same keys (deep), no empty values, no untranslated copies of English (bar a small
 * allow-list), the same {placeholders}, valid ICU syntax that formats without errors in
 * both next-intl runtimes, and plural messages that cover every category the language needs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import compile from 'icu-minify/compile'
import formatCompiled from 'icu-minify/format'
import { createTranslator } from 'use-intl/core'
import { LANGUAGES } from '@/lib/i18n/languages'
import { MESSAGES_IDS } from '@/lib/i18n/locale-maps'

type Catalogue = { [key: string]: string | Catalogue }

const DIR = __dirname

/**
 * Message file id -> the BCP 47 locales that read it, taken from the language catalogue
 * (lib/i18n/languages.ts: es-ES/es-MX/es-AR -> es, zh-TW/zh-HK -> zh-Hant, tr-TUR -> tr-TR, …).
 * Plural coverage is checked against every one of them; the first is used for formatting.
 */
const LOCALES: Record<string, string[]> = {}
for (const language of Object.values(LANGUAGES)) {
  const locales = (LOCALES[language.messages] ??= [])
  if (!locales.includes(language.locale)) locales.push(language.locale)
}

// Reasons a translated value may legitimately equal the English one.
const MS_SYMBOL = '“ms” is the SI symbol for milliseconds; Latin-script (and Japanese) UIs write it as in English'
const FIAT_LOANWORD = '“Fiat” is the established loanword for fiat currencies on exchanges in this language'
const LONG_SHORT = '“Long”/“Short” are used untranslated as position terms by exchanges in this language'
const SAME_WORD = 'the native word is spelled exactly like the English one'
const SPREAD_LOANWORD = '“Spread” is the established market term for the bid–ask gap in this language'

/**
 * Keys whose value may be identical to English, per message file id, each with its reason.
 * Keep it small: anything not listed here that equals English is treated as untranslated.
 */
const SAME_AS_ENGLISH: Record<string, Record<string, string>> = {
  de: {
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.status': `${SAME_WORD} (de “Status”)`,
    'Markets.tags': `${SAME_WORD} (de “Tags”, the usual German UI term)`,
    'Pair.tags': `${SAME_WORD} (de “Tags”, the usual German UI term)`,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  es: {
    'Markets.fiat': FIAT_LOANWORD,
    'Pair.no': `${SAME_WORD} (es “No”)`,
    'Network.probeTime': MS_SYMBOL,
  },
  fil: {
    'Book.book': '“Order book” is the term Filipino exchanges use (as in Pair.digitMerge, “Pagpapangkat ng order book”)',
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  id: {
    'Book.total': `${SAME_WORD} (id “Total”)`,
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.status': `${SAME_WORD} (id “Status”)`,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  ja: {
    'Network.probeTime': MS_SYMBOL,
  },
  nl: {
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.status': `${SAME_WORD} (nl “Status”)`,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  pl: {
    'Book.spread': SPREAD_LOANWORD,
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  pt: {
    'Book.spread': SPREAD_LOANWORD,
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  ro: {
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  tr: {
    'Markets.fiat': FIAT_LOANWORD,
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
  vi: {
    'Markets.leveragedLong': LONG_SHORT,
    'Markets.leveragedShort': LONG_SHORT,
    'Pair.long': LONG_SHORT,
    'Pair.short': LONG_SHORT,
    'Network.probeTime': MS_SYMBOL,
  },
}

/** Numbers that between them hit every plural category of every language above. */
const SAMPLE_COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 100, 101, 102, 111, 1.5, 1_000_000]

function load(id: string): Catalogue {
  return JSON.parse(fs.readFileSync(path.join(DIR, `${id}.json`), 'utf8')) as Catalogue
}

/** Flattens a catalogue to dotted keys; non-string leaves are reported as such. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(catalogue)) {
    const dotted = prefix ? `${prefix}.${key}` : key
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, dotted)) out.set(k, v)
    } else {
      out.set(dotted, value)
    }
  }
  return out
}

function walk(elements: MessageFormatElement[], visit: (el: MessageFormatElement) => void): void {
  for (const el of elements) {
    visit(el)
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) walk(option.value, visit)
    } else if (el.type === TYPE.tag) {
      walk(el.children, visit)
    }
  }
}

/** The {argument} names of a message, including those that drive plural/select. */
function argumentNames(ast: MessageFormatElement[]): string[] {
  const names = new Set<string>()
  walk(ast, (el) => {
    if (el.type !== TYPE.literal && el.type !== TYPE.pound) names.add(el.value)
  })
  return [...names].sort()
}

/** Arguments used as `{x, plural, ...}` (cardinal) anywhere in the message. */
function pluralArguments(ast: MessageFormatElement[]): Set<string> {
  const names = new Set<string>()
  walk(ast, (el) => {
    if (el.type === TYPE.plural) names.add(el.value)
  })
  return names
}

function pluralCategories(locales: string[], type: Intl.PluralRuleType = 'cardinal'): Set<string> {
  return new Set(locales.flatMap((l) => new Intl.PluralRules(l, { type }).resolvedOptions().pluralCategories))
}

/** One set of sample values per plural sample count, so every branch is formatted. */
function sampleValueSets(ast: MessageFormatElement[]): Array<Record<string, string | number>> {
  const plural = pluralArguments(ast)
  const names = argumentNames(ast)
  const counts = plural.size > 0 ? SAMPLE_COUNTS : [7]
  return counts.map((n) => Object.fromEntries(names.map((name) => [name, plural.has(name) ? n : `‹${name}›`])))
}

const en = load('en')
const enFlat = flatten(en)
const enAst = new Map([...enFlat].map(([key, value]) => [key, parse(String(value))]))
const translationIds: string[] = MESSAGES_IDS.filter((id) => id !== 'en')

describe('message catalogue files', () => {
  it('has exactly one JSON file per message file id, and every id is used by a language', () => {
    const files = fs
      .readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
    expect(files).toEqual(MESSAGES_IDS.map((id) => `${id}.json`).sort())
    expect(Object.keys(LOCALES).sort()).toEqual([...MESSAGES_IDS].sort())
  })

  it('runs on a Node.js with full ICU data, so plural rules are the real ones', () => {
    const unsupported = Object.values(LOCALES)
      .flat()
      .filter((l) => Intl.PluralRules.supportedLocalesOf(l).length !== 1)
    expect(unsupported).toEqual([])
  })

  it('en.json has only string leaves and every message parses', () => {
    for (const [key, value] of enFlat) {
      expect([key, typeof value]).toEqual([key, 'string'])
    }
    expect(enAst.size).toBeGreaterThan(0)
  })

  it('the allow-list only names languages and keys that exist', () => {
    for (const [id, keys] of Object.entries(SAME_AS_ENGLISH)) {
      expect(translationIds).toContain(id)
      for (const key of Object.keys(keys)) expect([id, enFlat.has(key)]).toEqual([id, true])
    }
  })
})

describe.each([...MESSAGES_IDS])('%s.json', (id) => {
  const catalogue = load(id)
  const flat = flatten(catalogue)
  const locales = LOCALES[id] ?? [id] // a message id is itself a valid BCP 47 tag
  const needed = pluralCategories(locales)

  it('has exactly the keys of en.json (all namespaces, deep)', () => {
    const missing = [...enFlat.keys()].filter((k) => !flat.has(k))
    const extra = [...flat.keys()].filter((k) => !enFlat.has(k))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it('has only non-empty string values', () => {
    const bad = [...flat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)
    expect(bad).toEqual([])
  })

  if (id !== 'en') {
    it('is translated: no value equals English unless allow-listed', () => {
      const allowed = SAME_AS_ENGLISH[id] ?? {}
      const copied = [...flat].filter(([k, v]) => v === enFlat.get(k) && !(k in allowed)).map(([k]) => k)
      expect(copied).toEqual([])
    })

    it('has no stale allow-list entries (each allowed key really equals English)', () => {
      const stale = Object.keys(SAME_AS_ENGLISH[id] ?? {}).filter((k) => flat.get(k) !== enFlat.get(k))
      expect(stale).toEqual([])
    })
  }

  it('every message is valid ICU with the same {placeholders} as English', () => {
    const problems: string[] = []
    for (const [key, value] of flat) {
      if (typeof value !== 'string' || !enAst.has(key)) continue
      let ast: MessageFormatElement[]
      try {
        ast = parse(value, { requiresOtherClause: true })
        compile(value)
      } catch (error) {
        problems.push(`${key}: invalid ICU (${(error as Error).message})`)
        continue
      }
      const expected = argumentNames(enAst.get(key)!).join(', ')
      const actual = argumentNames(ast).join(', ')
      if (actual !== expected) problems.push(`${key}: placeholders {${actual}} but English has {${expected}}`)
    }
    expect(problems).toEqual([])
  })

  it(`plural messages have exactly the categories ${locales[0]} needs (${[...needed].join(', ')})`, () => {
    const problems: string[] = []
    for (const [key, value] of flat) {
      if (typeof value !== 'string') continue
      let ast: MessageFormatElement[]
      try {
        ast = parse(value)
      } catch {
        continue // reported by the ICU test
      }
      walk(ast, (el) => {
        if (el.type !== TYPE.plural) return
        const required = el.pluralType === 'ordinal' ? pluralCategories(locales, 'ordinal') : needed
        const present = Object.keys(el.options).filter((o) => !o.startsWith('='))
        const lacking = [...required].filter((c) => !present.includes(c))
        const unused = present.filter((c) => !required.has(c))
        if (lacking.length) problems.push(`${key} {${el.value}}: lacks ${lacking.join(', ')}`)
        if (unused.length) problems.push(`${key} {${el.value}}: has ${unused.join(', ')}, which ${id} never selects`)
      })
    }
    expect(problems).toEqual([])
  })

  it('formats every message with sample values in both next-intl runtimes', () => {
    const errors: string[] = []
    const t = createTranslator({
      locale: locales[0]!,
      messages: catalogue,
      onError: (error) => errors.push(error.message),
    })
    const formatters = {
      getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
      getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
      getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
    }
    for (const [key, value] of flat) {
      if (typeof value !== 'string') continue
      let ast: MessageFormatElement[]
      try {
        ast = parse(value)
      } catch {
        continue // reported by the ICU test
      }
      for (const values of sampleValueSets(ast)) {
        const viaUseIntl = (t as unknown as (k: string, v: Record<string, string | number>) => string)(key, values)
        let viaIcuMinify: unknown
        try {
          viaIcuMinify = formatCompiled(compile(value), locales[0]!, values, { formatters })
        } catch (error) {
          errors.push(`${key}: icu-minify ${(error as Error).message}`)
          continue
        }
        const rendered = Array.isArray(viaIcuMinify) ? viaIcuMinify.join('') : String(viaIcuMinify)
        if (rendered !== viaUseIntl) errors.push(`${key} ${JSON.stringify(values)}: “${viaUseIntl}” vs icu-minify “${rendered}”`)
        if (/[{}]/.test(viaUseIntl)) errors.push(`${key}: unformatted braces left in “${viaUseIntl}”`)
      }
    }
    expect(errors).toEqual([])
  })
})
