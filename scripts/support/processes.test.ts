import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventually } from '@/testing/eventually'
import { outputTail, start, stopAll } from './processes'

// A parent that prints, starts a child of its own in the same group, and then waits forever.
const PARENT = `
  const { spawn } = require('node:child_process')
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  console.log('child ' + child.pid)
  setInterval(() => {}, 1000)
`
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('start / stop', () => {
  it('captures the output and stops the whole process group, children included', async () => {
    const parent = start('parent', process.execPath, ['-e', PARENT], { cwd: process.cwd(), env: process.env, output: 'capture' })
    const output = await eventually(
      'the parent to print its child',
      () => parent.output(),
      (out) => /child \d+/.test(out),
    )
    const childPid = Number(/child (\d+)/.exec(output)?.[1])
    expect(alive(childPid)).toBe(true)
    expect(await parent.stop()).toBe(false) // SIGTERM sufficed
    expect(parent.endedOnItsOwn()).toBeUndefined()
    // The grandchild took SIGKILL with the group, after the leader exited.
    await eventually(
      `the child ${childPid} to be gone`,
      () => alive(childPid),
      (running) => !running,
    )
  })

  it('writes to a log file and tells how a process ended on its own', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'processes-test-')), 'p.log')
    const failing = start('failing', process.execPath, ['-e', 'console.log("bad value"); process.exit(3)'], {
      cwd: process.cwd(),
      env: process.env,
      output: { logFile },
    })
    expect(await failing.exited).toBe(3)
    expect(failing.endedOnItsOwn()).toBe('exit 3')
    expect(readFileSync(logFile, 'utf8')).toBe('bad value\n')
    expect(outputTail(failing)).toBe('bad value')
    expect(await stopAll([failing])).toEqual([])
  })
})
