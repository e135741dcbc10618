import { Link, useParams } from 'react-router'
import { PlaceholderPage } from '@/components/placeholder-page'
import { categoryName } from '@/lib/categories'

/** `/busqueda/:id`: the category grid (placeholder until the catalogue issue). */
export function CategoryPage() {
  const { id = '' } = useParams()
  return (
    <PlaceholderPage title={categoryName(id)}>
      <p>Muy pronto verás aquí todos los productos de esta categoría.</p>
      <Link to="/modern" className="link mt-3 inline-block">
        Ver todo el catálogo
      </Link>
    </PlaceholderPage>
  )
}
