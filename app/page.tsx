export default function Home() {
  return (
    <main>
      <h1>Spot trading</h1>
      <p>The regional site is being assembled.</p>
    </main>
  )
}
