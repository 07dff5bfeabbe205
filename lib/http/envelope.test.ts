import { decodeMessage, parseBody, readEnvelope } from './envelope'
import { ApiError, ParseError } from './errors'
import { MESSAGES } from './constants'

const ctx = { method: 'GET', url: 'http://127.0.0.1:1/t' }

describe('envelope', () => {
  it('accepts both casings (SPEC §3)', () => {
    expect(readEnvelope({ ret_code: 0, ret_msg: 'OK', result: { a: 1 } })).toMatchObject({ retCode: 0, retMsg: 'OK', result: { a: 1 } })
    expect(readEnvelope({ retCode: 0, retMsg: 'OK', result: 2 })).toMatchObject({ retCode: 0, retMsg: 'OK', result: 2 })
  })

  it('treats only the number 0 as success (WIRE.md)', () => {
    // The client treats retCode 0 as success; a string "0" or a missing code never reads as 0.
    expect(readEnvelope({ ret_code: 0, result: 1 }).retCode).toBe(0)
    expect(readEnvelope({ ret_code: '0', result: 1 }).retCode).toBeUndefined()
    expect(readEnvelope({ result: 1 }).retCode).toBeUndefined()
  })

  it('URL-decodes messages and keeps raw text when decoding fails', () => {
    expect(decodeMessage('Too%20many%20visits')).toBe('Too many visits')
    expect(decodeMessage('100%')).toBe('100%')
    expect(decodeMessage('%E0%A4%A')).toBe('%E0%A4%A')
    expect(decodeMessage(undefined)).toBe('')
  })

  it('an API error carries the decoded message, else the default one', () => {
    const failed = (body: Record<string, unknown>) => {
      const envelope = readEnvelope(body)
      return new ApiError(ctx, envelope.retCode, envelope.retMsg, envelope.extCode)
    }
    const error = failed({ ret_code: 10006, ret_msg: 'Too%20many%20visits' })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 10006, message: 'Too many visits' })
    expect(failed({ ret_code: 1 }).message).toBe(MESSAGES.requestFailed)
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
