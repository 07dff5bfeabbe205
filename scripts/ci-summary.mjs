// Prints the plain closing line CI reads ("N passed, N failed, N skipped") from the JSON
// reports jest and Playwright wrote during `npm test`.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
if (existsSync('jest-results.json')) {
  const jest = JSON.parse(readFileSync('jest-results.json', 'utf8'))
  passed += jest.numPassedTests
  failed += jest.numFailedTests
  skipped += jest.numPendingTests + (jest.numTodoTests ?? 0)
}
if (existsSync('test-results/e2e.json')) {
  const { stats } = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'))
  passed += stats.expected + (stats.flaky ?? 0)
  failed += stats.unexpected
  skipped += stats.skipped
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
