import { NotFoundView } from '@/components/NotFoundView'

// notFound() from a page (an unknown pair): "/" sends the visitor to their language's markets.
export default function NotFound() {
  return <NotFoundView home="/" />
}
