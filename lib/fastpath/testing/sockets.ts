/** A fake websocket on the fake scheduler's clock (tests only): answers "ping" with "pong". */
import type { FakeScheduler } from '../../testing/engine-fakes'
import type { OpenWebSocket, ProbeSocket } from '../probes'

export interface FakeSocketBehaviour {
  /** Delay of open and of the pong; 'error' fails the connection, 'silent' never answers. */
  latencyMs: number
  fault?: 'error' | 'silent'
}

export function createFakeSockets(scheduler: FakeScheduler, behaviour: FakeSocketBehaviour): OpenWebSocket & { opened: string[]; closed: number } {
  const opened: string[] = []
  const factory = (url: string): ProbeSocket => {
    opened.push(url)
    const later = (fn: () => void) => scheduler.timers.setTimeout(fn, behaviour.latencyMs)
    const socket: ProbeSocket = {
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
      send(data) {
        if (data === 'ping' && behaviour.fault !== 'silent') later(() => socket.onmessage?.({ data: 'pong' }))
      },
      close() {
        factory.closed++
      },
    }
    later(() => (behaviour.fault === 'error' ? socket.onerror?.({}) : socket.onopen?.({})))
    return socket
  }
  factory.opened = opened
  factory.closed = 0
  return factory
}
