import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '@/lib/hooks'
import { api } from '@/lib/api'
import { apiErrorMessage } from '@/lib/api-errors'
import type { CarritoItem } from '@/lib/carrito'
import { carritoCleared } from '@/lib/carrito-slice'
import { useCreateVentaMutation } from '@/features/checkout/api'
import { toOrdenLines } from '@/features/checkout/orden-lines'
import { writeUltimaVenta, type ThanksState } from '@/features/checkout/ultima-venta'
import { useAttemptKey } from '@/features/checkout/attempt-key'

/**
 * 'Pagar en caja': asks who orders, places the order with the cart's lines, then
 * clears the cart and thanks; on failure, keeps the cart and says why.
 */
export function useCounterOrden(items: CarritoItem[]) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [createVenta, { isLoading: placing }] = useCreateVentaMutation()
  const [askName, setAskName] = useState(false)
  const [ordenError, setOrdenError] = useState<string | null>(null)
  // A retry of the same order sends the same key; a changed cart or name is another attempt.
  const attempt = useAttemptKey()

  /** clienteId: the customer's account staff place the order for ('Cliente (cuenta)'). */
  const placeOrden = async (cliente: string, clienteId?: string) => {
    setOrdenError(null)
    const request = { cliente, carrito: toOrdenLines(items), ...(clienteId ? { clienteId } : {}) }
    try {
      const venta = await createVenta({ ...request, idempotencyKey: attempt.keyFor(request) }).unwrap()
      attempt.done()
      writeUltimaVenta(venta)
      dispatch(carritoCleared())
      // The thank-you page shows this order first; opened any other way, it has no new order.
      navigate('/carrito/gracias', { state: { ventaId: venta._id } satisfies ThanksState })
    } catch (error) {
      const err = error as Parameters<typeof apiErrorMessage>[0]
      const offline = err && 'status' in err && err.status === 'FETCH_ERROR'
      setAskName(false)
      setOrdenError(
        apiErrorMessage(err, offline ? 'No hay conexión con la tienda. Revisa tu internet e inténtalo de nuevo.' : 'No pudimos registrar tu orden.'),
      )
      // Stock or prices may have changed: the lines check the catalogue again and flag themselves.
      dispatch(api.util.invalidateTags(['Producto']))
    }
  }

  return { placing, askName, setAskName, orderError: ordenError, order: placeOrden }
}
