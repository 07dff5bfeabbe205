import { NextResponse, type NextRequest } from 'next/server'
import { crossApiTarget } from '@/lib/http/cross-api'

// Edge middleware (docs/decisions.md "middleware.ts on the edge, not proxy.ts"): every decision
// lives in pure lib/ code; this file only adapts it to Next.
export function middleware(request: NextRequest) {
  const upstream = process.env.API_BASE_URL ?? 'http://127.0.0.1:4010'
  const target = crossApiTarget(request.nextUrl.pathname, request.nextUrl.search, upstream)
  if (target) return NextResponse.rewrite(target)
  if (request.nextUrl.pathname.startsWith('/x-api')) return new NextResponse(null, { status: 400 })
  return NextResponse.next()
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js)$).*)'],
}
