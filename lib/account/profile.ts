import type { HttpClient } from '../http/client'
import { BASIC_REQUEST_TIMEOUT_MS } from '../http/constants'
import { RequestError } from '../http/errors'

/** SPEC §7: the profile call; query, headers and answer are not shown (docs/decisions/client-wiring.md "/v2/private/user/profile"). */
export const PROFILE_PATH = '/v2/private/user/profile'

/** The fields the header shows; anything else in the answer is ignored. */
export interface UserProfile {
  userId: number
  nickName: string
}

/** The signed-in user, or null when the answer is not a profile. */
export function readProfile(result: unknown): UserProfile | null {
  if (!result || typeof result !== 'object') return null
  const { userId, nickName } = result as Record<string, unknown>
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) return null
  const name = typeof nickName === 'string' ? nickName.trim().slice(0, 64) : ''
  return { userId, nickName: name }
}

export interface ProfileSource {
  /**
   * The signed-in user through the client's host (the route chooser's choice): from the result
   * cache while it lives (60000 ms), else from the network. `fresh` asks the network even then.
   * A failed answer keeps the cached entry (SPEC §7); with none, the visitor is signed out (null).
   */
  load(options?: { fresh?: boolean; signal?: AbortSignal }): Promise<UserProfile | null>
}

/** The basic client's call (SPEC §9 30000 ms timeout, the result cache), never rejecting. */
export function createProfileSource(client: HttpClient, onFailure: (error: RequestError) => void = () => {}): ProfileSource {
  return {
    async load({ fresh = false, signal } = {}) {
      try {
        const result = await client.get<unknown>(PROFILE_PATH, { cache: true, fresh, staleOnError: true, timeoutMs: BASIC_REQUEST_TIMEOUT_MS, signal })
        return readProfile(result)
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        onFailure(error)
        return null
      }
    },
  }
}
