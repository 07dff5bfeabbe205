import { ApiError, HttpStatusError, NetworkError, RequestError, TimeoutError } from './errors'
import { MESSAGES, TIMEOUT_RET_CODE } from './constants'

const ctx = { method: 'GET', url: 'http://127.0.0.1:1/spot/api/basic/symbol_list_v3' }

describe('failure status rule (SPEC §8: HTTP status, else ext_code, else 500)', () => {
  it('uses a failing HTTP status first', () => {
    expect(new HttpStatusError(ctx, 503, { extCode: '429' }).status).toBe(503)
  })
  it('uses ext_code when the HTTP status is not a failure', () => {
    expect(new ApiError({ ...ctx, httpStatus: 200 }, 10006, 'x', '429').status).toBe(429)
    expect(new ApiError(ctx, 10006, 'x', 418).status).toBe(418)
  })
  it('falls back to 500', () => {
    expect(new ApiError({ ...ctx, httpStatus: 200 }, 10006, 'x', '').status).toBe(500)
    expect(new NetworkError(ctx, new Error('boom')).status).toBe(500)
  })
})

describe('error classes', () => {
  it('a timeout carries ret_code 9000001 and the exact message', () => {
    const error = new TimeoutError(ctx, 8000)
    expect(error).toBeInstanceOf(RequestError)
    expect(error).toMatchObject({ name: 'TimeoutError', code: TIMEOUT_RET_CODE, message: MESSAGES.timeout, timeoutMs: 8000 })
    expect(error.code).toBe(9000001)
    expect(error.message).toBe('Request timeout, please re-try!')
    expect(error.detail).toBe('Request timed out: GET http://127.0.0.1:1/spot/api/basic/symbol_list_v3 after 8000 ms')
  })
  it('names each class for logs', () => {
    expect(new NetworkError(ctx, new Error('x')).name).toBe('NetworkError')
    expect(new HttpStatusError(ctx, 502).name).toBe('HttpStatusError')
    expect(new HttpStatusError(ctx, 502).message).toBe('Request failed. Please try again later.')
  })
})
