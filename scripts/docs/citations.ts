/**
 * Code cites design decisions by area file and heading: `docs/decisions/pages.md "Icons"`
 * (docs/decisions/README.md). These pure helpers find every such citation in a text and say
 * which ones name no existing record, so a renamed or deleted record cannot leave a dangling
 * "why" behind it. The test beside this file runs them over every tracked file.
 */

export interface Citation {
  /** The area file as written, relative to docs/decisions/ (`pages.md`), or null for the old single file. */
  area: string | null
  /** Quoted headings after the path; empty when the citation names the file alone. */
  headings: string[]
  /** 1-based line of the citation's path. */
  line: number
}

export interface Problem {
  file: string
  line: number
  message: string
}

/** Comment continuations (` * `, `// `, `# `) folded, so a quoted heading may wrap across lines. */
function folded(text: string): { text: string; lineAt: (index: number) => number } {
  const starts: number[] = []
  let out = ''
  let line = 1
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\n') {
      line++
      const rest = /^\n[ \t]*(?:\*(?!\/)|\/\/|#(?!#))?[ \t]*/.exec(text.slice(i, i + 40))
      out += ' '
      starts.push(line)
      i += (rest?.[0].length ?? 1) - 1
      continue
    }
    out += char
    starts.push(line)
  }
  return { text: out, lineAt: (index) => starts[index] ?? line }
}

const CITATION = /docs\/decisions(?:\/([A-Za-z0-9-]+\.md)|\.md)\)?((?:\s*(?:,|and)?\s*"[^"]+")*)/g

/** Every citation of docs/decisions in a file's text. */
export function findCitations(text: string): Citation[] {
  const { text: flat, lineAt } = folded(text)
  const found: Citation[] = []
  for (const match of flat.matchAll(CITATION)) {
    const headings = [...(match[2] ?? '').matchAll(/"([^"]+)"/g)].map((quoted) => (quoted[1] ?? '').replace(/\s+/g, ' ').trim())
    found.push({ area: match[1] ?? null, headings, line: lineAt(match.index ?? 0) })
  }
  return found
}

/** The decision records' headings (`## …`) of one area file. */
export function recordHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^## (.+)$/gm)].map((match) => (match[1] ?? '').trim())
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** What is wrong with one file's citations, given every area file's headings. */
export function citationProblems(file: string, text: string, areas: ReadonlyMap<string, readonly string[]>): Problem[] {
  const problems: Problem[] = []
  for (const citation of findCitations(text)) {
    if (citation.area === null) {
      problems.push({ file, line: citation.line, message: 'docs/decisions.md is gone: cite docs/decisions/<area>.md "Heading"' })
      continue
    }
    if (citation.area === 'README.md') {
      // The index names the records; a heading is cited in its area file, where the test can find it.
      if (citation.headings.length > 0)
        problems.push({
          file,
          line: citation.line,
          message: `docs/decisions/README.md is the index: cite "${citation.headings.join('", "')}" in its area file`,
        })
      continue
    }
    const headings = areas.get(citation.area)
    if (!headings) {
      problems.push({ file, line: citation.line, message: `no area file docs/decisions/${citation.area}` })
      continue
    }
    for (const heading of citation.headings) {
      if (!headings.includes(heading)) problems.push({ file, line: citation.line, message: `docs/decisions/${citation.area} has no record "${heading}"` })
    }
  }
  return problems
}

/** Markdown links between records (`[x](pages.md#icons)`, `(#icons)`) that lead nowhere. */
export function linkProblems(file: string, markdown: string, areas: ReadonlyMap<string, readonly string[]>): Problem[] {
  const problems: Problem[] = []
  const own = file.split('/').pop() ?? file
  for (const match of markdown.matchAll(/\]\((?:([a-z0-9-]+\.md))?(?:#([^)\s]+))?\)/g)) {
    const target = match[1] ?? own
    if (!match[1] && !match[2]) continue
    const headings = areas.get(target)
    const line = markdown.slice(0, match.index).split('\n').length
    if (!headings) {
      problems.push({ file, line, message: `link to missing docs/decisions/${target}` })
      continue
    }
    if (match[2] && !headings.some((heading) => anchorOf(heading) === match[2]))
      problems.push({ file, line, message: `no record with anchor #${match[2]} in docs/decisions/${target}` })
  }
  return problems
}

/** A record's status: adr-tools' words, `Accepted`, `Proposed` or `Superseded by …`. */
const STATUS = /^(?:Accepted|Proposed|Superseded by .+)$/

/** Each record (`## …`) of an area file with the status its first line gives, or null without one. */
export function recordStatuses(markdown: string): Map<string, string | null> {
  const statuses = new Map<string, string | null>()
  for (const section of markdown.split(/^(?=## )/m).filter((part) => part.startsWith('## '))) {
    const heading = (section.split('\n')[0] ?? '').slice(3).trim()
    const status = /^\*\*Status\.\*\*\s+(.+?)\.(?:\s|$)/m.exec(section.split('\n')[1] ?? '')?.[1]
    statuses.set(heading, status && STATUS.test(status) ? status : null)
  }
  return statuses
}

export interface IndexRow {
  /** The record's heading as the row names it. */
  heading: string
  /** The area file the row links to, or null for a superseded record whose text is in git history. */
  area: string | null
  status: string
}

/** The rows of the index's tables: `| [Heading](area.md#anchor) | Status | Decision |`, or a plain name for a folded record. */
export function indexRows(markdown: string): IndexRow[] {
  const rows: IndexRow[] = []
  for (const match of markdown.matchAll(/^\| (?:\[(.+?)\]\(([a-z0-9-]+\.md)#[^)]+\)|([^[|][^|]*?)) \| ((?:[^|\\]|\\.)+?) \|/gm)) {
    const heading = (match[1] ?? match[3] ?? '').trim()
    if (heading === 'Record' || heading.startsWith('---')) continue
    rows.push({ heading, area: match[2] ?? null, status: (match[4] ?? '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').trim() })
  }
  return rows
}
