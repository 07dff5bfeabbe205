import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scaleDurations, speedupFrom, writePrometheusConfig } from './prometheus'

const root = process.cwd()
// promtool comes with Debian's prometheus package, which .ci/run installs and then sets
// PROMTOOL_REQUIRED=1: there a missing promtool fails. A machine without it skips these checks
// and says so (docs/decisions/fleet.md "Prometheus scrapes each instance").
const promtool = ['/usr/bin/promtool', 'promtool'].find((bin) => spawnSync(bin, ['--version']).status === 0)
const required = process.env.PROMTOOL_REQUIRED === '1'
const withPromtool = promtool || required ? it : it.skip
if (!promtool && !required) console.warn('promtool is not installed (apt-get install prometheus): deploy/*.yml checks skipped')

function run(...args: string[]) {
  if (!promtool) throw new Error("promtool is not installed; .ci/run installs Debian's prometheus package")
  const done = spawnSync(promtool, args, { cwd: root, encoding: 'utf8' })
  return { status: done.status, output: `${done.stdout}${done.stderr}` }
}

describe('deploy/prometheus.yml and deploy/alerts.yml', () => {
  withPromtool('are valid for promtool, and every alert rule passes its unit tests', () => {
    const config = run('check', 'config', 'deploy/prometheus.yml')
    expect(config.output).not.toMatch(/WARNING|FAILED/)
    expect(config.status).toBe(0)
    expect(run('check', 'rules', 'deploy/alerts.yml').status).toBe(0)
    const tests = run('test', 'rules', 'deploy/alerts.test.yml')
    expect(tests.output).toContain('SUCCESS')
    expect(tests.status).toBe(0)
  })

  withPromtool('the web-vitals rules (loaded by prometheus.yml) are valid and pass their unit tests', () => {
    expect(readFileSync(join(root, 'deploy', 'prometheus.yml'), 'utf8')).toMatch(/^\s+- web-vitals\.rules\.yml$/m)
    expect(run('check', 'rules', 'deploy/web-vitals.rules.yml').status).toBe(0)
    const tests = run('test', 'rules', 'deploy/web-vitals.rules.test.yml')
    expect(tests.output).toContain('SUCCESS')
    expect(tests.status).toBe(0)
  })

  it('have an nginx job that reads its exporter from targets/nginx.json, as spot-site reads the instances', () => {
    const config = readFileSync(join(root, 'deploy', 'prometheus.yml'), 'utf8')
    expect(config).toMatch(/^  - job_name: nginx\n\s+file_sd_configs:\n\s+- files: \['targets\/nginx\.json'\]$/m)
    expect(JSON.parse(readFileSync(join(root, 'deploy', 'targets', 'nginx.json'), 'utf8'))).toEqual([
      { targets: ['127.0.0.1:3092'], labels: { fleet: 'local' } },
    ])
  })

  it('gives every alert rule a summary, a description, a severity and at least one firing unit test', () => {
    const alerts = readFileSync(join(root, 'deploy', 'alerts.yml'), 'utf8')
    const tests = readFileSync(join(root, 'deploy', 'alerts.test.yml'), 'utf8')
    const rules = alerts.split(/^\s+- alert: /m).slice(1)
    expect(rules.length).toBeGreaterThanOrEqual(7)
    for (const rule of rules) {
      const name = rule.split('\n')[0]!.trim()
      expect([name, /severity: (warning|critical)/.test(rule), /summary: /.test(rule), /description: /.test(rule)]).toEqual([name, true, true, true])
      expect(tests).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`))
    }
  })

  withPromtool('sped up for a test run (FLEET_ALERT_SPEEDUP), they stay valid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spot-prometheus-'))
    try {
      const config = writePrometheusConfig({ root, dir, instances: ['127.0.0.1:5001', '127.0.0.1:5002'], nginxExporter: '127.0.0.1:5008', speedup: 30 })
      const checked = run('check', 'config', config)
      expect(checked.output).not.toMatch(/WARNING|FAILED/)
      expect(checked.status).toBe(0)
      expect(readFileSync(join(dir, 'alerts.yml'), 'utf8')).toContain('for: 10000ms')
      expect(JSON.parse(readFileSync(join(dir, 'targets', 'nginx.json'), 'utf8'))).toEqual([{ targets: ['127.0.0.1:5008'], labels: { fleet: 'local' } }])
      // No exporter installed: the nginx job is there with no target, and the file stays valid.
      writePrometheusConfig({ root, dir, instances: ['127.0.0.1:5001'] })
      expect(readFileSync(join(dir, 'targets', 'nginx.json'), 'utf8')).toBe('[]')
      expect(run('check', 'config', config).status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('scaleDurations', () => {
  it('divides intervals, for: times and range windows, never below a second, and leaves other text alone', () => {
    const text = 'global:\n  scrape_interval: 15s\n  scrape_timeout: 5s\n        for: 5m\n        expr: rate(x[5m]) > 2 and y{a="5m"}\n'
    expect(scaleDurations(text, 30)).toBe(
      'global:\n  scrape_interval: 1000ms\n  scrape_timeout: 1000ms\n        for: 10000ms\n        expr: rate(x[10000ms]) > 2 and y{a="5m"}\n',
    )
    expect(scaleDurations(text, 1)).toBe(text)
  })

  it('takes FLEET_ALERT_SPEEDUP as a whole number from 1 to 600', () => {
    expect(speedupFrom({})).toBe(1)
    expect(speedupFrom({ FLEET_ALERT_SPEEDUP: '30' })).toBe(30)
    for (const bad of ['0', '1.5', 'fast', '601']) expect(() => speedupFrom({ FLEET_ALERT_SPEEDUP: bad })).toThrow('FLEET_ALERT_SPEEDUP')
  })
})
