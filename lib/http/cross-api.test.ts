import { crossApiTarget } from './cross-api'

const upstream = 'http://127.0.0.1:4010'

describe('crossApiTarget (SPEC §7 fe.crossApi)', () => {
  it('maps /x-api/… onto the configured upstream with the query', () => {
    expect(crossApiTarget('/x-api/spot/api/basic/symbol_list_v3', '?version=v7', upstream)?.href).toBe(
      'http://127.0.0.1:4010/spot/api/basic/symbol_list_v3?version=v7',
    )
    expect(crossApiTarget('/x-api/t1', '', 'https://api.example.com/base/')?.href).toBe('https://api.example.com/base/t1')
  })
  it('ignores other paths', () => {
    expect(crossApiTarget('/x-apiary', '', upstream)).toBeNull()
    expect(crossApiTarget('/en/markets', '', upstream)).toBeNull()
  })
  it.each(['/x-api//evil.example/t1', '/x-api/%2F%2Fevil.example/t1', '/x-api/..%2f..%2fadmin', '/x-api/a/../../b', '/x-api/\\evil.example'])(
    'never leaves the upstream origin: %s',
    (path) => {
      const target = crossApiTarget(path, '', upstream)
      expect(target === null || target.origin === 'http://127.0.0.1:4010').toBe(true)
    },
  )
})
