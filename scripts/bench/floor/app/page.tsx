export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>A bare Next.js page built with this project&apos;s own next, react and react-dom.</p>
    </main>
  )
}
