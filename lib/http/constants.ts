/** Request constants of SPEC §9 and the messages of SPEC §8, in one place. */

/** SPEC §9: symbol requests time out after 8000 ms. */
export const SYMBOL_REQUEST_TIMEOUT_MS = 8000
/** SPEC §9: the basic clients time out after 30000 ms. */
export const BASIC_REQUEST_TIMEOUT_MS = 30000
/** SPEC §9: default lifetime of a cached result. */
export const RESULT_CACHE_TTL_MS = 60000
/** SPEC §9: the in-memory result cache keeps at most 20 entries. */
export const RESULT_CACHE_MAX_ENTRIES = 20
/** SPEC §4/§9: retries are 0; when enabled, the delay lies between these bounds. */
export const DEFAULT_RETRIES = 0
export const RETRY_DELAY_MIN_MS = 2000
export const RETRY_DELAY_MAX_MS = 4000
/** SPEC §9 generic back-off helper defaults. */
export const BACKOFF_MIN_MS = 100
export const BACKOFF_MAX_MS = 10000
export const BACKOFF_FACTOR = 2
/**
 * Largest body we read before giving up (docs/decisions/request-client.md "Response size cap"):
 * a full v3+all answer of 3000 pairs is ~1 MB, so 8 MiB leaves room without letting a
 * broken upstream exhaust server memory.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024

/** SPEC §8 messages, verbatim. */
export const MESSAGES = {
  requestFailed: 'Request failed. Please try again later.',
  accessError: 'Access error, please try again later',
  timeout: 'Request timeout, please re-try!',
  nonResponse: 'Non Response!',
} as const

/** SPEC §8: a client timeout carries ret_code 9000001. */
export const TIMEOUT_RET_CODE = 9000001
/** SPEC §8: failure status when neither an HTTP status nor ext_code says otherwise. */
export const DEFAULT_FAILURE_STATUS = 500
/** WIRE.md: /t1 answers 10017 while still alive. */
export const ALIVE_RET_CODES: readonly number[] = [0, 10017]

/** SPEC §7: the relative API path used when the fe.crossApi flag is on. */
export const CROSS_API_PATH = '/x-api'
/** SPEC §7: name of the local flag that switches to CROSS_API_PATH. */
export const CROSS_API_FLAG = 'fe.crossApi'
