import type { HttpClient } from '../http/client'
import { GETPROXY_PATH, WHITELIST_ALLOWED, WHITELIST_EXCEPTION } from './constants'

/**
 * The fast-path whitelist switch (SPEC §6, wire.md "getproxy"): err_code 0 with res_code 1
 * allows it; res_code 8 is an exception that turns it off; any other answer keeps it off; a
 * request failure says nothing new (the caller keeps its state, which starts off).
 */
export type WhitelistAnswer =
  | { kind: 'allowed'; monitorSwitch: boolean }
  | { kind: 'exception' }
  | { kind: 'denied'; resCode: unknown; errCode: unknown }
  | { kind: 'failed'; error: string }

/** Query of getproxy; the app's own identity, not the user's (cookies carry that). */
export interface WhitelistIdentity {
  deviceId: string
  app?: string
  os?: string
  bu?: string
  v?: string
}

export function readWhitelistAnswer(body: Record<string, unknown>): WhitelistAnswer {
  const result = body.result && typeof body.result === 'object' ? (body.result as Record<string, unknown>) : {}
  const resCode = result.res_code
  if (resCode === WHITELIST_EXCEPTION) return { kind: 'exception' }
  if (body.err_code === 0 && resCode === WHITELIST_ALLOWED) {
    // monitor_switch 0 asks this client not to send quality reports; absent means send.
    return { kind: 'allowed', monitorSwitch: result.monitor_switch !== 0 }
  }
  return { kind: 'denied', resCode, errCode: body.err_code }
}

export async function checkWhitelist(
  client: HttpClient,
  identity: WhitelistIdentity,
  seqId: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<WhitelistAnswer> {
  try {
    const body = await client.getJson(GETPROXY_PATH, {
      query: {
        seq_id: seqId,
        device_id: identity.deviceId,
        app: identity.app ?? 'web',
        os: identity.os ?? 'pc',
        bu: identity.bu ?? 'spot',
        v: identity.v ?? '1',
      },
      timeoutMs,
      signal,
    })
    return readWhitelistAnswer(body)
  } catch (error) {
    return { kind: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}
