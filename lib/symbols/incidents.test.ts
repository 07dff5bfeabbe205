import { SYMBOL_INCIDENT_MEANINGS, SYMBOL_INCIDENTS } from './incidents'

// SPEC §8 "Symbol-list incident codes (logged only)", row by row.
const SPEC_TABLE: [number, string][] = [
  [11511501, 'retry error'],
  [11511502, 'max retries'],
  [11511503, 'cache data used'],
  [11511504, 'built-in data used'],
  [11511505, 'code error'],
  [11511506, 'split request error'],
  [11511507, 'merge error'],
  [11511508, 'CDN request error'],
  [11511509, 'v3 request error'],
  [11511510, 'fallback to v2'],
  [11511511, 'v2 fallback error'],
]

describe('SPEC §8 incident catalogue', () => {
  it('has exactly the eleven codes with their meanings', () => {
    expect(Object.entries(SYMBOL_INCIDENT_MEANINGS).map(([code, meaning]) => [Number(code), meaning])).toEqual(SPEC_TABLE)
    expect(Object.values(SYMBOL_INCIDENTS).sort()).toEqual(SPEC_TABLE.map(([code]) => code))
  })
  it('names the codes the loader logs', () => {
    expect(SYMBOL_INCIDENTS).toMatchObject({
      V3_REQUEST_ERROR: 11511509,
      SPLIT_REQUEST_ERROR: 11511506,
      MERGE_ERROR: 11511507,
      FALLBACK_TO_V2: 11511510,
      V2_FALLBACK_ERROR: 11511511,
      CACHE_DATA_USED: 11511503,
      BUILTIN_DATA_USED: 11511504,
      CODE_ERROR: 11511505,
    })
  })
})
