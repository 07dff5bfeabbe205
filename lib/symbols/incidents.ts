/**
 * SPEC §8 symbol-list incident codes. They are logged through the Monitor only, never shown to
 * the user. The loader uses the ones its chain can reach, each with one trigger (docs/decisions/symbol-list.md
 * "The chain (SPEC §4) and its incident codes"); 11511501/02 (retries are 0) and 11511508 (no CDN
 * request) name paths this product does not take and exist so nobody reuses a code.
 */
export const SYMBOL_INCIDENTS = {
  RETRY_ERROR: 11511501,
  MAX_RETRIES: 11511502,
  CACHE_DATA_USED: 11511503,
  BUILTIN_DATA_USED: 11511504,
  CODE_ERROR: 11511505,
  SPLIT_REQUEST_ERROR: 11511506,
  MERGE_ERROR: 11511507,
  CDN_REQUEST_ERROR: 11511508,
  V3_REQUEST_ERROR: 11511509,
  FALLBACK_TO_V2: 11511510,
  V2_FALLBACK_ERROR: 11511511,
} as const

export type SymbolIncidentCode = (typeof SYMBOL_INCIDENTS)[keyof typeof SYMBOL_INCIDENTS]

/** SPEC §8 meaning of each code, verbatim. */
export const SYMBOL_INCIDENT_MEANINGS: Record<SymbolIncidentCode, string> = {
  11511501: 'retry error',
  11511502: 'max retries',
  11511503: 'cache data used',
  11511504: 'built-in data used',
  11511505: 'code error',
  11511506: 'split request error',
  11511507: 'merge error',
  11511508: 'CDN request error',
  11511509: 'v3 request error',
  11511510: 'fallback to v2',
  11511511: 'v2 fallback error',
}
