/**
 * A duration asserted in a jest test runs on jest's modern fake timers
 * (docs/decisions/stack.md "Tests wait for events, not for time"): the code under test's
 * setTimeout and setInterval (and their clears) move only with jest.advanceTimersByTimeAsync.
 * Everything else stays real — Date, performance, setImmediate, process.nextTick and microtasks —
 * so sockets, the simulator's settled() and eventually() run as usual beside the fake clock.
 * Node's own timers (sockets, fetch) are never faked: jest fakes the test's globals only.
 *
 * Call jest.useRealTimers() when the test ends (afterEach, or a finally).
 */
export function installFakeTimeouts(): void {
  jest.useFakeTimers({
    doNotFake: [
      'Date',
      'hrtime',
      'performance',
      'nextTick',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  })
}
