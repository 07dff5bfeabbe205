import { connection } from 'next/server'

/**
 * The floor page rendered on every request: what a dynamic render of a bare Next page costs,
 * the yardstick of a pair page's render (docs/capacity.md).
 */
export default async function DynamicPage() {
  await connection()
  return (
    <main>
      <h1>Floor</h1>
      <p>A bare Next.js page built with this project&apos;s own next, react and react-dom, rendered on each request.</p>
    </main>
  )
}
