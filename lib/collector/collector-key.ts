import { clientAddress, type ProxyTrust } from '../http/client-address'

/**
 * Whose rate bucket a monitor batch is charged to (docs/decisions/client-wiring.md "Collector bounds").
 * Behind a trusted proxy: the address that proxy appended, never the client-written first
 * X-Forwarded-For value. Behind none, a process cannot know who sent a request (Next gives route
 * handlers no socket address), so each browser gets a session id in a cookie; a client that
 * drops or rotates it is only held by the global cap.
 */
export const MONITOR_SESSION_COOKIE = 'spot_monitor_sid'
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/

export interface CollectorKeyInput {
  forwardedFor: string | null
  sessionCookie: string | undefined
  trust: ProxyTrust
  /** A fresh random session id (crypto.randomUUID in the server). */
  newSessionId: () => string
}

export interface CollectorKey {
  key: string
  /** Set when the request had no usable session: the collector sends it as a cookie. */
  issueSession?: string
}

export function collectorKey({ forwardedFor, sessionCookie, trust, newSessionId }: CollectorKeyInput): CollectorKey {
  if (trust.trustProxy) return { key: `ip:${clientAddress(forwardedFor, trust) ?? 'unknown'}` }
  if (sessionCookie !== undefined && SESSION_ID.test(sessionCookie)) return { key: `session:${sessionCookie}` }
  // Every request without a session shares one bucket, so dropping the cookie gains nothing.
  return { key: 'session:none', issueSession: newSessionId() }
}
