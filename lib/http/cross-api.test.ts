import { crossApiRest } from './cross-api'

describe('crossApiRest (SPEC §7 fe.crossApi)', () => {
  it('returns the path after /x-api', () => {
    expect(crossApiRest('/x-api/spot/api/basic/symbol_list_v3')).toBe('spot/api/basic/symbol_list_v3')
    expect(crossApiRest('/x-api/t1')).toBe('t1')
    expect(crossApiRest('/x-api')).toBe('')
  })
  it('ignores other paths', () => {
    expect(crossApiRest('/x-apiary')).toBeNull()
    expect(crossApiRest('/en/markets')).toBeNull()
  })
  it.each(['/x-api/%2F%2Fevil.example/t1', '/x-api/..%2f..%2fadmin', '/x-api/a/../../b', '/x-api/\\evil.example', '/x-api/./t1'])('refuses a path that could leave the upstream: %s', (path) => {
    expect(crossApiRest(path)).toBeNull()
  })
})
