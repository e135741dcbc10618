import { Link } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { PlaceholderPage } from '@/components/placeholder-page'
import { selectCartCount } from '@/features/cart/cart-slice'

/** `/carrito`: a placeholder until the cart screen arrives. */
export function CartPage() {
  const count = useAppSelector(selectCartCount)
  return (
    <PlaceholderPage title="Tu Carrito">
      {count === 0 ? (
        <>
          <p>Carrito de compras vacio</p>
          <Link to="/" className="btn-primary mt-4">
            Seguir comprando
          </Link>
        </>
      ) : (
        <p>
          Tienes {count} {count === 1 ? 'artículo' : 'artículos'} en tu carrito.
        </p>
      )}
    </PlaceholderPage>
  )
}
