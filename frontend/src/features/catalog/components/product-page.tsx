import { Link } from 'react-router'
import { PlaceholderPage } from '@/components/placeholder-page'

/** `/product/:id`: product detail (placeholder until the catalogue issue). */
export function ProductPage() {
  return (
    <PlaceholderPage title="Detalle del producto">
      <p>Muy pronto verás aquí las fotos, el precio y las características del producto.</p>
      <Link to="/" className="link mt-3 inline-block">
        Volver a Inicio
      </Link>
    </PlaceholderPage>
  )
}
