import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { anchorOf, citationProblems, findCitations, indexRows, linkProblems, recordHeadings, recordStatuses } from './citations'

const root = join(__dirname, '..', '..')
const decisionsDir = join(root, 'docs', 'decisions')
const areaFiles = readdirSync(decisionsDir).filter((name) => name.endsWith('.md') && name !== 'README.md')
const areas = new Map(areaFiles.map((name) => [name, recordHeadings(readFileSync(join(decisionsDir, name), 'utf8'))]))
/** Text files that may cite a decision: code, configuration and docs; the records and this checker (whose samples are wrong on purpose) aside. */
const citing = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (path) =>
      path &&
      !path.startsWith('docs/decisions/') &&
      !path.startsWith('scripts/docs/') &&
      !path.startsWith('messages/') &&
      !/\.(json|ico|png|svg)$/.test(path) &&
      path !== 'package-lock.json',
  )

describe('citations of decisions', () => {
  it('reads a citation that wraps across comment lines, and several headings after one path', () => {
    const text = 'a\n * the list (docs/decisions/pages.md "Provenance labels tell\n * the age when shown", "Icons").\n'
    expect(findCitations(text)).toEqual([{ area: 'pages.md', headings: ['Provenance labels tell the age when shown', 'Icons'], line: 2 }])
  })

  it('reports a heading the area file lacks, an unknown area and the old single file', () => {
    const known = new Map([['pages.md', ['Icons']]])
    const text = '// docs/decisions/pages.md "Icons", "Ikons"\n// docs/decisions/nope.md "Icons"\n// docs/decisions.md "Icons"\n'
    expect(citationProblems('x.ts', text, known).map((problem) => `${problem.line} ${problem.message}`)).toEqual([
      '1 docs/decisions/pages.md has no record "Ikons"',
      '2 no area file docs/decisions/nope.md',
      '3 docs/decisions.md is gone: cite docs/decisions/<area>.md "Heading"',
    ])
    // The index names records; a heading is cited in its area file, and the index alone may be cited.
    expect(citationProblems('y.ts', '# docs/decisions/README.md "Icons"\n# docs/decisions/README.md\n', known).map((problem) => problem.message)).toEqual([
      'docs/decisions/README.md is the index: cite "Icons" in its area file',
    ])
  })

  it('reads each record’s status and the index’s rows', () => {
    const area = '# A\n\n## One\n**Status.** Accepted. **Context.** x\n\n## Two\n**Context.** no status\n\n## Three\n**Status.** Maybe. x\n'
    expect([...recordStatuses(area)]).toEqual([
      ['One', 'Accepted'],
      ['Two', null],
      ['Three', null],
    ])
    const index =
      '| Record | Status | Decision |\n| --- | --- | --- |\n| [One](a.md#one) | Accepted | a \\| b |\n| Old | Superseded by [One](a.md#one) | gone |\n'
    expect(indexRows(index)).toEqual([
      { heading: 'One', area: 'a.md', status: 'Accepted' },
      { heading: 'Old', area: null, status: 'Superseded by One' },
    ])
  })

  it('gives every record a status, and the index a row per record with the same status', () => {
    const records = areaFiles.flatMap((name) =>
      [...recordStatuses(readFileSync(join(decisionsDir, name), 'utf8'))].map(([heading, status]) => ({ name, heading, status })),
    )
    expect(records.filter((record) => record.status === null).map((record) => `${record.name} "${record.heading}"`)).toEqual([])
    const rows = indexRows(readFileSync(join(decisionsDir, 'README.md'), 'utf8'))
    const listed = new Map(rows.filter((row) => row.area).map((row) => [`${row.area} "${row.heading}"`, row.status]))
    expect(
      records.filter((record) => listed.get(`${record.name} "${record.heading}"`) !== record.status).map((record) => `${record.name} "${record.heading}"`),
    ).toEqual([])
    // A row naming no record is a superseded one, folded into the index with what replaced it.
    const known = new Set(records.map((record) => `${record.name} "${record.heading}"`))
    expect(rows.filter((row) => (row.area ? !known.has(`${row.area} "${row.heading}"`) : !row.status.startsWith('Superseded by ')))).toEqual([])
    expect(rows.length).toBeGreaterThan(records.length)
  })

  it('makes GitHub anchors of headings with code and punctuation', () => {
    expect(anchorOf('`npm install`, not `npm ci`')).toBe('npm-install-not-npm-ci')
    expect(anchorOf('/x-api: body limit')).toBe('x-api-body-limit')
  })

  it('finds every cited record in this repository', () => {
    expect(areas.size).toBeGreaterThanOrEqual(9)
    const problems = citing.flatMap((path) => citationProblems(path, readFileSync(join(root, path), 'utf8'), areas))
    expect(problems.map((problem) => `${problem.file}:${problem.line} ${problem.message}`)).toEqual([])
    // The code does cite the records: an empty scan would pass the line above for nothing.
    expect(citing.flatMap((path) => findCitations(readFileSync(join(root, path), 'utf8'))).length).toBeGreaterThan(100)
  })

  it('links between records and from the index lead to existing records', () => {
    const files = [...areaFiles, 'README.md']
    const problems = files.flatMap((name) => linkProblems(`docs/decisions/${name}`, readFileSync(join(decisionsDir, name), 'utf8'), areas))
    expect(problems.map((problem) => `${problem.file}:${problem.line} ${problem.message}`)).toEqual([])
  })

  it('names only test files that exist in the records', () => {
    const named = areaFiles.flatMap((name) =>
      [...readFileSync(join(decisionsDir, name), 'utf8').matchAll(/[\w./[\]-]+\.(?:test|spec)\.tsx?/g)].map((match) => match[0]),
    )
    expect(named.length).toBeGreaterThan(50)
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })

  it('keeps each record to one screen (25 lines) and all of them under 1,030 lines', () => {
    const lengths = areaFiles.flatMap((name) => {
      const sections = readFileSync(join(decisionsDir, name), 'utf8')
        .split(/^(?=## )/m)
        .filter((section) => section.startsWith('## '))
      return sections.map((section) => ({ record: `${name} ${section.split('\n')[0]}`, lines: section.trimEnd().split('\n').length }))
    })
    expect(lengths.filter((record) => record.lines > 25)).toEqual([])
    // 1,030: the ~130 records ten areas need today (1,027 lines in 131, folded and merged from 1,228 in 193), plus
    // a little room; a record past it means folding a superseded one or merging first, not raising this.
    expect(lengths.reduce((sum, record) => sum + record.lines, 0)).toBeLessThan(1030)
  })
})
