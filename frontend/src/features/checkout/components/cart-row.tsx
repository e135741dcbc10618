import { useEffect } from 'react'
import { Link } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { AlertIcon, MinusIcon, PlusIcon, TrashIcon } from '@/components/icons'
import { ProductImage } from '@/components/product-image'
import type { CartItem } from '@/lib/cart'
import { itemRemoved, itemRepriced, quantityChanged } from '@/lib/cart-slice'
import { formatMoney } from '@/lib/money'
import { useGetProductoQuery } from '@/lib/product-api'
import { truncate } from '@/lib/text'
import { CART_NARROW, NAME_CUT, useMediaQuery } from '@/lib/use-media-query'
import { checkLine, lineKey, priceChanged, type LineCheck } from '@/features/checkout/cart-refresh'
import { lineCents, toCents } from '@/features/checkout/cart-totals'

/** A change of price the shopper is told about. */
export type PriceNotice = { key: string; nombre: string; antes: number; ahora: number }

type CartRowProps = {
  item: CartItem
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

/** One cart line (SPEC §2): image, quantity chip, name, discount chip, prices, delete. */
export function CartRow({ item, onPriceChange, onProblem }: CartRowProps) {
  const dispatch = useAppDispatch()
  const narrow = useMediaQuery(CART_NARROW)
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

  const extrasTotal = (item.extras ?? []).reduce((sum, e) => sum + toCents(e.precio), 0)
  const original = (toCents(item.precio) + extrasTotal) / 100
  const showOriginal = toCents(item.precio) > 0 && toCents(original) !== toCents(item.precioFinal)
  const nombre = narrow ? truncate(item.nombre, NAME_CUT) : item.nombre
  // The catalogue's stock caps the '+': the line cannot be raised past what there is.
  const maxQty = check?.kind === 'poco' || check?.kind === 'ok' ? check.stock : undefined
  const atStock = check?.kind === 'ok' && maxQty !== undefined && item.cantidad >= maxQty
  const setQty = (cantidad: number) =>
    dispatch(quantityChanged({ id: item.id, producto_id: item.producto_id, cantidad, stock: maxQty }))
  const details = [item.talla && item.talla !== 'Unico' ? item.talla : '', ...(item.extras ?? []).map((e) => `+ ${e.nombre}`)]
    .filter(Boolean)
    .join(' · ')

  return (
    <li
      data-testid="cart-row"
      className={`flex gap-3 rounded-2xl border bg-white p-3 shadow-sm sm:gap-4 sm:p-4 ${
        problem ? 'border-rose-300 ring-1 ring-rose-200' : 'border-slate-200'
      }`}
    >
      <Link
        to={`/product/${encodeURIComponent(item.producto_id)}`}
        className="shrink-0 self-start overflow-hidden rounded-xl border border-slate-100 bg-white focus-visible:outline-2 focus-visible:outline-teal-500"
        aria-label={`Ver ${item.nombre}`}
      >
        <ProductImage src={item.imagen} alt={item.nombre} compact className="h-20 w-20 sm:h-24 sm:w-24" />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-sm leading-snug font-semibold text-slate-900 sm:text-base" title={item.nombre}>
            {nombre}
          </h2>
          <button
            type="button"
            onClick={() => dispatch(itemRemoved({ id: item.id, producto_id: item.producto_id }))}
            aria-label={`Eliminar ${item.nombre}`}
            className="-mt-1 -mr-1 shrink-0 rounded-full p-2 text-slate-400 transition hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-teal-500"
          >
            <TrashIcon size={20} />
          </button>
        </div>

        {details ? <p className="truncate text-xs text-slate-500">{details}</p> : null}

        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {item.descuento > 0 ? (
            <span data-testid="descuento" className="rounded-full bg-rose-100 px-2 py-0.5 text-[11px] font-bold text-rose-700">
              - {Math.round(item.descuento)}% Desc
            </span>
          ) : null}
          {showOriginal ? (
            <span className="text-xs text-slate-400 line-through" data-testid="precio-original">
              <span className="sr-only">Antes </span>
              {formatMoney(original)}
            </span>
          ) : null}
        </div>

        <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
          <div
            role="group"
            aria-label={`Cantidad de ${item.nombre}`}
            className="flex items-center rounded-full border border-slate-200 bg-slate-50"
          >
            <button
              type="button"
              aria-label="Quitar uno"
              disabled={item.cantidad <= 1}
              onClick={() => setQty(item.cantidad - 1)}
              className="flex h-9 w-9 items-center justify-center rounded-full text-slate-700 transition hover:bg-white disabled:opacity-35"
            >
              <MinusIcon size={16} />
            </button>
            <span className="min-w-7 text-center text-sm font-bold tabular-nums" data-testid="cantidad" aria-live="polite">
              {item.cantidad}
            </span>
            <button
              type="button"
              aria-label="Agregar uno"
              aria-describedby={atStock ? `${key}-existencias` : undefined}
              disabled={maxQty !== undefined && item.cantidad >= maxQty}
              onClick={() => setQty(item.cantidad + 1)}
              className="flex h-9 w-9 items-center justify-center rounded-full text-slate-700 transition hover:bg-white disabled:opacity-35"
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <p className="ml-auto text-right font-bold text-brand-900 tabular-nums" data-testid="precio-linea">
            {item.cantidad > 1 ? (
              <span className="text-sm">
                <span className="font-medium text-slate-600">
                  {formatMoney(item.precioFinal)} x {item.cantidad} ={' '}
                </span>
                {formatMoney(lineCents(item) / 100)}
              </span>
            ) : (
              formatMoney(item.precioFinal)
            )}
          </p>
        </div>

        {atStock ? (
          <p id={`${key}-existencias`} className="text-xs font-medium text-amber-800" data-testid="limite-existencias">
            {maxQty === 1 ? 'Solo hay 1 disponible.' : `Solo hay ${maxQty} disponibles.`}
          </p>
        ) : null}

        {problem ? (
          <p role="alert" className="mt-1 flex items-start gap-1.5 rounded-lg bg-rose-50 px-2.5 py-1.5 text-xs font-medium text-rose-800">
            <AlertIcon size={14} className="mt-px shrink-0" />
            {problem}
          </p>
        ) : null}
      </div>
    </li>
  )
}
