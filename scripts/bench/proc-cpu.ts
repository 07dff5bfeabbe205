/**
 * CPU time of a process group read from /proc (Linux): a child's process.cpuUsage() is not ours
 * to call, and `ps` rounds to seconds. Every process the bench starts leads its own group
 * (scripts/support/processes.ts), so the group is the server with whatever it spawned
 * (nginx's workers, for one). Threads are summed from schedstat (ns); a thread that ended
 * within a phase is not counted, which Node's and nginx's long-lived threads never do.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { parseProcStat, parseSchedstat } from './capacity-sheet'

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined // gone between the listing and the read
  }
}

/** The pids of a process group. */
function members(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = read(`/proc/${pid}/stat`)
      return stat !== undefined && parseProcStat(stat).pgrp === pgid
    })
}

/** CPU ms the group's live processes have used so far. */
export function groupCpuMs(pgid: number): number {
  let ns = 0
  for (const pid of members(pgid)) {
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue
    }
    for (const tid of tasks) {
      const text = read(`/proc/${pid}/task/${tid}/schedstat`)
      if (text) ns += parseSchedstat(text)
    }
  }
  return ns / 1e6
}
