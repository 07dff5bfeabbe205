#!/usr/bin/env bash
# Runs a test suite N times while K busy loops keep the cores busy, and prints one summary line per
# run, then the tests that failed in every run (deterministic, not load) and in only some (flaky)
# (docs/decisions/stack.md "Tests wait for events, not for time").
#
#   scripts/stress-tests.sh unit [runs=5] [busy=2]   # npm run test:unit's jest
#   scripts/stress-tests.sh e2e  [runs=3] [busy=2]   # playwright (build first; E2E_PORT_OFFSET as usual)
#
# A busy loop is `sh -c 'while :; do :; done'`; the loops and the suite run at the script's own
# priority, so they share the cores evenly (on a shared machine: `nice -n 10 scripts/stress-tests.sh
# …` makes all of it polite to others, not the suite 10 steps below its loops). Results and logs go
# to STRESS_DIR (default: a new directory under /tmp). Exit status: 0 when every run passed.
set -euo pipefail

suite=${1:-unit}
case "$suite" in
  unit) runs=${2:-5} ;;
  e2e) runs=${2:-3} ;;
  *)
    echo "usage: $0 unit|e2e [runs] [busy loops]" >&2
    exit 2
    ;;
esac
busy=${3:-2}
cd "$(dirname "$0")/.."
out=${STRESS_DIR:-$(mktemp -d /tmp/stress-tests.XXXXXX)}
mkdir -p "$out"

loops=()
stop_loops() {
  if ((${#loops[@]})); then kill "${loops[@]}" 2>/dev/null || true; fi
  loops=()
}
trap stop_loops EXIT
trap 'stop_loops; exit 130' INT TERM
for ((i = 0; i < busy; i++)); do
  sh -c 'while :; do :; done' &
  loops+=($!)
done

echo "stress: $suite, $runs runs beside $busy busy loops (pids ${loops[*]:-none}), load $(cut -d' ' -f1-3 /proc/loadavg), results in $out"
status=0
for ((run = 1; run <= runs; run++)); do
  started=$(date +%s)
  if [ "$suite" = unit ]; then
    result="$out/unit-$run.json"
    npx jest --maxWorkers=100% --json --outputFile="$result" >"$out/unit-$run.log" 2>&1 || status=1
  else
    result="$out/e2e-$run.json"
    npx playwright test >"$out/e2e-$run.log" 2>&1 || status=1
    cp test-results/e2e.json "$result" 2>/dev/null || echo '{}' >"$result"
  fi
  node -e '
    const [suite, file, run, seconds, load] = process.argv.slice(1)
    let r = {}
    try { r = JSON.parse(require("fs").readFileSync(file, "utf8")) } catch {}
    const failed = []
    let passed = 0
    if (suite === "unit") {
      for (const s of r.testResults ?? []) {
        if (s.status === "failed" && !(s.assertionResults ?? []).length) failed.push(`${s.name} (suite)`)
        for (const t of s.assertionResults ?? []) t.status === "passed" ? passed++ : t.status === "failed" && failed.push(`${s.name.replace(process.cwd() + "/", "")} › ${t.fullName}`)
      }
    } else {
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) t.status === "expected" ? passed++ : t.status !== "skipped" && failed.push(`${spec.file} › ${spec.title} (${t.status})`)
        for (const child of suite.suites ?? []) walk(child)
      }
      for (const s of r.suites ?? []) walk(s)
    }
    if (passed === 0 && failed.length === 0) failed.push("(no results: the run did not finish)")
    console.log(`run ${run}: ${failed.length ? "FAIL" : "pass"} ${passed} passed, ${failed.length} failed, ${seconds} s, load ${load}`)
    for (const f of failed) console.log(`  ✕ ${f}`)
    require("fs").writeFileSync(file + ".failed", failed.join("\n"))
  ' "$suite" "$result" "$run" "$(($(date +%s) - started))" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
stop_loops

node -e '
  const fs = require("fs")
  const [out, suite, runs] = process.argv.slice(1)
  const lists = Array.from({ length: Number(runs) }, (_, i) => {
    try { return fs.readFileSync(`${out}/${suite}-${i + 1}.json.failed`, "utf8").split("\n").filter(Boolean) } catch { return [] }
  })
  const all = [...new Set(lists.flat())]
  const always = all.filter((t) => lists.every((l) => l.includes(t)))
  const some = all.filter((t) => !always.includes(t))
  const green = lists.filter((l) => l.length === 0).length
  console.log(`stress: ${green} of ${runs} runs green; failed in every run: ${always.length}; failed in some runs (flaky): ${some.length}`)
  for (const t of always) console.log(`  every run: ${t}`)
  for (const t of some) console.log(`  some runs: ${t} (${lists.filter((l) => l.includes(t)).length} of ${runs})`)
' "$out" "$suite" "$runs"
exit $status
