import { NextResponse, type NextRequest } from 'next/server'

/**
 * `npm run bench`'s reference: the leanest middleware that still serves our pages, a bare
 * rewrite into the main region. The bench builds a copy of the project with this file as its
 * middleware.ts (stack.ts buildBaseline), so the production middleware carries no bench switch.
 */
export function middleware(request: NextRequest) {
  const url = request.nextUrl.clone()
  url.pathname = `/main${url.pathname}`
  return NextResponse.rewrite(url)
}

// The production middleware's matcher, so both sites run middleware on the same requests.
export const config = {
  matcher: ['/((?!_next/static/|_next/image|favicon\\.ico$|favicon\\.svg$|manifest\\.webmanifest$|x-api/|api/monitor$).*)', '/serwist/:path*'],
}
