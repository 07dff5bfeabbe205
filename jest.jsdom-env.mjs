import { TestEnvironment } from 'jest-environment-jsdom'

/**
 * jsdom for the React tests that need react-dom's real renderer, plus Node's own fetch and
 * AbortController: the code under test talks to a real local HTTP server, and Node's fetch only
 * takes Node's AbortSignal. Packages resolve as in Node (the simulator's `ws` server has no
 * browser build). Used per file through a `@jest-environment` docblock.
 */
export default class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, structuredClone, setImmediate })
  }

  exportConditions() {
    return ['node', 'node-addons']
  }
}
