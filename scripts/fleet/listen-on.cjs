/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: Node preloads it with --require, as is */
/**
 * Preloaded into each fleet instance (`node --require`): `next start` without `-H` listens on every
 * interface, and with `-H 127.0.0.1` (or `-H localhost`) Next 16 takes the middleware's rewrite for
 * another origin (its NextURL names every loopback address `localhost`, its router compares with
 * the bound name) and proxies it, so every page redirects in a loop. This binds Next's own
 * listen (a port, no address) to SPOT_LISTEN_ADDRESS instead, and Next keeps its default name
 * (README "Fleet"; docs/decisions/fleet.md "The edge against hostile clients").
 */
const net = require('node:net')

const address = process.env.SPOT_LISTEN_ADDRESS
if (address) {
  const listen = net.Server.prototype.listen
  net.Server.prototype.listen = function (...args) {
    if (typeof args[0] === 'number' && (args.length === 1 || args[1] === undefined || typeof args[1] === 'function')) {
      args.splice(1, args[1] === undefined ? 1 : 0, address)
    }
    return listen.apply(this, args)
  }
}
