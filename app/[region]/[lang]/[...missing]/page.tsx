import { notFound } from 'next/navigation'

// Any path the site does not have: the localized not-found page of the region's layout.
export default function Missing() {
  notFound()
}
