import { useEffect } from 'react'
import { useAppDispatch } from '@/lib/hooks'
import type { CarritoItem } from '@/lib/carrito'
import { itemRepriced } from '@/lib/carrito-slice'
import { useGetProductoQuery } from '@/lib/producto-api'
import { checkLine, lineKey, priceChanged, type LineCheck } from '@/features/checkout/carrito-refresh'
import { toCents } from '@/features/checkout/carrito-totals'

/** A change of price the shopper is told about. */
export type PriceNotice = { key: string; nombre: string; antes: number; ahora: number }

/** What a cart line reports to the page about itself. */
export type LineReports = {
  onPriceChange: (notice: PriceNotice) => void
  /** Tells the page whether this line can be ordered as it is (null) or why not. */
  onProblem: (key: string, problem: string | null) => void
}

function problemText(check: LineCheck | null): string | null {
  if (!check) return null
  switch (check.kind) {
    case 'gone':
      return 'Este producto ya no está disponible. Quítalo del carrito para continuar.'
    case 'agotado':
      return 'Agotado: ya no hay existencias de este producto.'
    case 'poco':
      return check.stock === 1
        ? 'Solo queda 1 disponible. Ajusta la cantidad para continuar.'
        : `Solo quedan ${check.stock} disponibles. Ajusta la cantidad para continuar.`
    default:
      return null
  }
}

/**
 * A cart line checked against today's catalogue: what the catalogue says about it, the problem to
 * show (or null), and its key. It takes today's price, and reports price changes and problems.
 */
export function useLineCheck(item: CarritoItem, { onPriceChange, onProblem }: LineReports) {
  const dispatch = useAppDispatch()
  // One request per distinct product: RTK Query shares it between the lines of that product.
  const { data: product, error } = useGetProductoQuery(item.producto_id, { skip: !item.producto_id })
  const gone = Boolean(error && 'status' in error && error.status === 404)
  const check: LineCheck | null = product ? checkLine(item, product) : gone ? { kind: 'gone' } : null
  const problem = problemText(check)
  const key = lineKey(item)

  // A price that changed since the product was added: the line takes today's price, and the
  // shopper is told, so nobody pays a stale price unknowingly.
  useEffect(() => {
    if (!product) return
    const now = checkLine(item, product)
    if ((now.kind === 'ok' || now.kind === 'poco') && priceChanged(item, now.price)) {
      dispatch(itemRepriced({ id: item.id, producto_id: item.producto_id, ...now.price }))
      if (toCents(item.precioFinal) !== toCents(now.price.precioFinal)) {
        onPriceChange({ key: lineKey(item), nombre: item.nombre, antes: item.precioFinal, ahora: now.price.precioFinal })
      }
    }
  }, [product, item, dispatch, onPriceChange])

  useEffect(() => {
    onProblem(key, problem)
  }, [key, problem, onProblem])
  useEffect(() => () => onProblem(key, null), [key, onProblem])

  return { check, problem, key }
}
