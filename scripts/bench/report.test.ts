import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { figure, mergeResults, writeResults } from './report'

describe('mergeResults (a bench part run alone)', () => {
  let root: string
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'bench-report-'))))
  afterEach(() => rmSync(root, { recursive: true, force: true }))
  const read = () =>
    JSON.parse(readFileSync(join(root, 'bench-results.json'), 'utf8')) as { figures: { name: string; value: number }[]; details: Record<string, unknown> }

  it("replaces the part's earlier figures and details and keeps the others'", () => {
    writeResults(join(root, 'bench-results.json'), [figure('static file req/s', 9000, 'req/s'), figure('lighthouse pair: TBT', 400, 'ms')], {
      static: 1,
      lighthouse: 'old',
    })
    mergeResults(root, 'lighthouse ', [figure('lighthouse pair: TBT', 250, 'ms')], 'lighthouse', { rounds: 5 })
    expect(read().figures.map((f) => [f.name, f.value])).toEqual([
      ['static file req/s', 9000],
      ['lighthouse pair: TBT', 250],
    ])
    expect(read().details).toEqual({ static: 1, lighthouse: { rounds: 5 } })
  })

  it('starts the file when there is none', () => {
    expect(mergeResults(root, 'interaction ', [figure('interaction pair: worst', 30, 'ms')], 'interactions', {})).toBe(join(root, 'bench-results.json'))
    expect(read().figures).toHaveLength(1)
  })
})
