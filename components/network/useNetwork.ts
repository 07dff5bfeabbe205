'use client'

import { useSyncExternalStore } from 'react'
import type { FastPathSnapshot } from '@/lib/fastpath'
import type { RouteSnapshot } from '@/lib/route-chooser'
import type { NetworkEngines } from '@/lib/browser-runtime/network'
import { useClientRuntime } from '../runtime/ClientRuntime'

const noop = () => () => {}

/** The route chooser's and fast path's snapshots for React (null until the engines run). */
export function useNetwork(): { engines: NetworkEngines | null; route: RouteSnapshot | null; fastPath: FastPathSnapshot | null } {
  const { network } = useClientRuntime()
  const engines = useSyncExternalStore(network.subscribe, network.getSnapshot, () => null)
  const route = useSyncExternalStore(
    engines?.chooser.subscribe ?? noop,
    () => engines?.chooser.getSnapshot() ?? null,
    () => null,
  )
  const fastPath = useSyncExternalStore(
    engines?.fastPath.subscribe ?? noop,
    () => engines?.fastPath.getSnapshot() ?? null,
    () => null,
  )
  return { engines, route, fastPath }
}
