import type { Metadata } from 'next'
import type { ReactNode } from 'react'

export const metadata: Metadata = {
  title: 'Floor',
  description: 'A bare Next.js page: the floor the bench measures our pages against.',
  // An inline icon: without one the browser asks for /favicon.ico, and the 404 is a console error.
  icons: { icon: 'data:,' },
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
