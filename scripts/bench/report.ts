/** The summary: one row per figure, with its goal and whether this run met it. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'

export interface Figure {
  name: string
  value: number | null
  unit: string
  /** e.g. "≤ 3×"; empty for figures shown for context only. */
  goal: string
  /** null: informational, or not measured (value null). */
  met: boolean | null
}

export function figure(name: string, value: number | null, unit: string, goal?: { text: string; met: (value: number) => boolean }): Figure {
  return { name, value, unit, goal: goal?.text ?? '', met: goal && value !== null ? goal.met(value) : null }
}

/** The median of the numbers given (the lower middle of an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null
}

export function formatValue(f: Pick<Figure, 'value' | 'unit'>): string {
  if (f.value === null) return 'not measured'
  const size = Math.abs(f.value)
  const digits = f.unit === '×' ? 2 : Number.isInteger(f.value) || size >= 100 ? 0 : size < 10 ? 2 : 1
  return `${f.value.toFixed(digits)}${f.unit === '×' ? '×' : ` ${f.unit}`}`.trimEnd()
}

function result(f: Figure): string {
  if (f.value === null) return f.goal ? 'NOT MEASURED' : ''
  if (f.met === null) return ''
  return f.met ? 'met' : 'MISSED'
}

export function summaryTable(figures: Figure[]): string {
  const rows = [['figure', 'value', 'goal', 'result'], ...figures.map((f) => [f.name, formatValue(f), f.goal, result(f)])]
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((row) => (row[col] ?? '').length)))
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col < 3 ? cell.padEnd(widths[col] ?? 0) : cell))
      .join('  ')
      .trimEnd()
  const [head, ...body] = rows
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  ') + '  ------', ...body.map(line)].join('\n')
}

export function writeResults(file: string, figures: Figure[], details: Record<string, unknown>): void {
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` }
  const goals = figures.filter((f) => f.goal)
  const summary = {
    met: goals.filter((f) => f.met === true).length,
    missed: goals.filter((f) => f.met === false).length,
    notMeasured: goals.filter((f) => f.value === null).length,
  }
  writeFileSync(file, `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, summary, figures, details }, null, 2)}\n`)
}

/**
 * A bench part run alone: its figures into the project's bench-results.json in place of earlier
 * ones named with the same prefix, its details under `key`; the others stay. Returns the file.
 */
export function mergeResults(root: string, prefix: string, figures: Figure[], key: string, details: Record<string, unknown>): string {
  const file = join(root, 'bench-results.json')
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figure[]; details?: Record<string, unknown> }) : {}
  const kept = (before.figures ?? []).filter((f) => !f.name.startsWith(prefix))
  writeResults(file, [...kept, ...figures], { ...before.details, [key]: details })
  return file
}

/** A count of runs from an environment variable (`fallback` when unset or empty); a value outside 1…max is refused with a message. */
export function runsFromEnv(variable: string, fallback: number, max: number, env: Record<string, string | undefined> = process.env): number {
  const raw = env[variable]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${variable} must be a whole number from 1 to ${max}, not "${raw}"`)
  return n
}
