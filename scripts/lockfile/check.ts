/**
 * Does package-lock.json still describe package.json? `npm ci` refuses a lockfile out of sync; this
 * check is CI's second guard after it (docs/decisions/stack.md "`npm ci` in CI"), offline:
 * the lockfile's root entry repeats package.json's dependency fields, every locked package is the
 * one the nearest node_modules resolution finds, and its version satisfies the range that asks
 * for it. Missing optional dependencies are the registry gap, not a mismatch.
 */
import semver from 'semver'

type Ranges = Record<string, string>
export interface PackageJson {
  dependencies?: Ranges
  devDependencies?: Ranges
  optionalDependencies?: Ranges
  peerDependencies?: Ranges
  engines?: Ranges
  overrides?: Record<string, unknown>
}
interface LockEntry extends PackageJson {
  version?: string
  link?: boolean
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
export interface Lockfile {
  lockfileVersion?: number
  packages?: Record<string, LockEntry>
}

const ROOT_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines'] as const

const same = (a: Ranges | undefined, b: Ranges | undefined) => JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort())

/** The lock entry Node's resolution would load for `name` required from the package at `from`. */
function resolve(packages: Record<string, LockEntry>, from: string, name: string): [string, LockEntry] | undefined {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (packages[key]) return [key, packages[key]]
    if (!dir) return undefined
  }
}

/** A version range npm would check (not a tag, URL, path or alias: those are left to npm). */
const checkable = (range: string) => semver.validRange(range) !== null

/** Every way the lockfile no longer matches package.json, one readable line each; [] when it does. */
export function lockfileMismatches(pkg: PackageJson, lock: Lockfile): string[] {
  const packages = lock.packages
  const root = packages?.['']
  if (lock.lockfileVersion !== 3 || !packages || !root) return ['package-lock.json is not a lockfileVersion 3 file with a root entry: run npm install']
  const problems: string[] = []
  for (const field of ROOT_FIELDS) {
    if (!same(pkg[field], root[field])) problems.push(`package.json "${field}" differs from the lockfile's root entry: run npm install`)
  }
  const overrides = Object.fromEntries(Object.entries(pkg.overrides ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  for (const [from, entry] of Object.entries(packages)) {
    if (entry.link) continue
    const wanted: [string, string, boolean][] = [
      ...Object.entries(from === '' ? { ...pkg.dependencies, ...pkg.devDependencies } : (entry.dependencies ?? {})).map(([n, r]): [string, string, boolean] => [
        n,
        r,
        false,
      ]),
      ...Object.entries(from === '' ? (pkg.optionalDependencies ?? {}) : (entry.optionalDependencies ?? {})).map(([n, r]): [string, string, boolean] => [
        n,
        r,
        true,
      ]),
    ]
    for (const [name, range, optional] of wanted) {
      const found = resolve(packages, from, name)
      const who = from || 'package.json'
      if (!found) {
        if (!optional) problems.push(`${who} needs ${name}@${range}, which the lockfile does not contain`)
        continue
      }
      const expected = from !== '' && overrides[name] ? overrides[name] : range
      const version = found[1].version
      if (version && checkable(expected) && !semver.satisfies(version, expected, { includePrerelease: true })) {
        problems.push(`${who} needs ${name}@${expected}, the lockfile has ${version} at ${found[0]}`)
      }
    }
  }
  return problems
}
