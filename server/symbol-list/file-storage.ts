import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { KeyValueStorage } from '@/lib/storage/storage'
import { logger } from '../ops/observability'

/**
 * The server's symbol caches, in memory and written through to disk, so a restarted server
 * with the upstream down still renders the last good list instead of the built-in sample
 * (docs/decisions/pages.md "Server symbol-list reuse"). Writes are atomic (temp file + rename);
 * a missing or unreadable file is simply a cache miss.
 */
export function createFileStorage(dir: string): KeyValueStorage {
  const memory = new Map<string, string | null>()
  const path = (key: string) => join(dir, `${encodeURIComponent(key)}.json`)
  let dirReady = false

  return {
    getItem(key) {
      if (!memory.has(key)) {
        let value: string | null = null
        try {
          value = readFileSync(path(key), 'utf8')
        } catch {
          // No file yet.
        }
        memory.set(key, value)
      }
      return memory.get(key) ?? null
    },
    setItem(key, value) {
      memory.set(key, value)
      try {
        if (!dirReady) mkdirSync(dir, { recursive: true })
        dirReady = true
        const temp = `${path(key)}.${process.pid}.tmp`
        writeFileSync(temp, value)
        renameSync(temp, path(key))
      } catch (error) {
        // The in-memory copy still serves this process; only a restart loses it.
        logger.warn({ err: error, key }, 'symbol cache not persisted')
      }
      return true
    },
    removeItem(key) {
      memory.set(key, null)
      try {
        writeFileSync(path(key), '')
      } catch {
        // Nothing to remove.
      }
    },
  }
}
