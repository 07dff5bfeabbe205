/** A tiny line of a host's recent probe times (oldest first); taller is slower. */
export function Sparkline({ values, max }: { values: readonly number[]; max: number }) {
  const width = 36
  const height = 12
  const step = values.length > 1 ? width / (values.length - 1) : width
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - (Math.min(v, max) / max) * height).toFixed(1)}`).join(' ')
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  )
}
