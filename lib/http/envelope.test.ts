import { decodeMessage, parseBody, readEnvelope, requireSuccess } from './envelope'
import { ApiError, ParseError } from './errors'
import { MESSAGES } from './constants'

const ctx = { method: 'GET', url: 'http://127.0.0.1:1/t' }

describe('envelope', () => {
  it('accepts both casings (SPEC §3)', () => {
    expect(readEnvelope({ ret_code: 0, ret_msg: 'OK', result: { a: 1 } })).toMatchObject({ retCode: 0, retMsg: 'OK', result: { a: 1 } })
    expect(readEnvelope({ retCode: 0, retMsg: 'OK', result: 2 })).toMatchObject({ retCode: 0, retMsg: 'OK', result: 2 })
  })

  it('treats only the number 0 as success (WIRE.md)', () => {
    expect(requireSuccess({ ret_code: 0, result: 1 }, ctx).result).toBe(1)
    expect(() => requireSuccess({ ret_code: '0', result: 1 }, ctx)).toThrow(ApiError)
    expect(() => requireSuccess({ result: 1 }, ctx)).toThrow(ApiError)
  })

  it('URL-decodes messages and keeps raw text when decoding fails', () => {
    expect(decodeMessage('Too%20many%20visits')).toBe('Too many visits')
    expect(decodeMessage('100%')).toBe('100%')
    expect(decodeMessage('%E0%A4%A')).toBe('%E0%A4%A')
    expect(decodeMessage(undefined)).toBe('')
  })

  it('an API error carries the decoded message, else the default one', () => {
    const error = catchError(() => requireSuccess({ ret_code: 10006, ret_msg: 'Too%20many%20visits' }, ctx))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 10006, message: 'Too many visits' })
    expect(catchError(() => requireSuccess({ ret_code: 1 }, ctx)).message).toBe(MESSAGES.requestFailed)
  })

  it.each([
    ['', 'empty', MESSAGES.nonResponse],
    ['  \n', 'empty', MESSAGES.nonResponse],
    ['<html>oops</html>', 'invalid-json', MESSAGES.accessError],
    ['[1,2,3]', 'not-object', MESSAGES.accessError],
    ['"text"', 'not-object', MESSAGES.accessError],
    ['null', 'not-object', MESSAGES.accessError],
  ])('body %j is a ParseError (%s)', (text, reason, message) => {
    const error = catchError(() => parseBody(text, ctx))
    expect(error).toBeInstanceOf(ParseError)
    expect(error).toMatchObject({ reason, message })
  })
})

function catchError(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn()
  } catch (error) {
    return error as Error & Record<string, unknown>
  }
  throw new Error('expected a throw')
}
