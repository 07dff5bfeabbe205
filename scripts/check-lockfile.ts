// `npm test`'s first step and CI's guard: exits 1, naming each mismatch, when package-lock.json
// no longer matches package.json (scripts/lockfile/check.ts says what is compared and why).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { lockfileMismatches } from './lockfile/check'

const dir = resolve(process.argv[2] ?? '.')
const read = (name: string) => JSON.parse(readFileSync(resolve(dir, name), 'utf8'))
const problems = lockfileMismatches(read('package.json'), read('package-lock.json'))
if (problems.length > 0) {
  console.error(`package-lock.json does not match package.json (${problems.length}):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('package-lock.json matches package.json')
