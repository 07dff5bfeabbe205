/**
 * The SPEC §7 profile call, `GET /v2/private/user/profile` (its answer is "not shown"; the shape
 * here is the project's own, docs/decisions/client-wiring.md "/v2/private/user/profile"). A request carrying a
 * `session` cookie is signed in as that session; without one the answer is an error envelope.
 */
import { envelope, type Json } from './wire'

/** The cookie that signs a request in; its value names the user (`session=alice`). */
export const SESSION_COOKIE = 'session'
/** ret_code of a request without a session (the upstream's "authentication failed" family). */
export const NOT_SIGNED_IN_CODE = 10007
const NAME = /^[A-Za-z0-9_-]{1,32}$/

export interface SimProfile {
  userId: number
  nickName: string
}

/** The session's user name from a Cookie header; null when absent or not a plain name. */
export function sessionName(cookie: string | undefined): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    const value = rest.join('=').trim()
    if (name === SESSION_COOKIE && NAME.test(value)) return value
  }
  return null
}

/** A stable id per name, so the same session always gets the same user. */
function userIdOf(name: string): number {
  let hash = 2166136261
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return 100_000_000 + (hash % 900_000_000)
}

export function profileAnswer(cookie: string | undefined, nowMs: number): Json {
  const name = sessionName(cookie)
  if (name === null) return envelope(null, nowMs, NOT_SIGNED_IN_CODE, 'User authentication failed')
  const profile: SimProfile = { userId: userIdOf(name), nickName: name }
  return envelope(profile, nowMs)
}
