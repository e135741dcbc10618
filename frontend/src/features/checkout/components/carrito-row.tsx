import { Link } from 'react-router'
import { useAppDispatch } from '@/lib/hooks'
import { AlertIcon, MinusIcon, PlusIcon, TrashIcon } from '@/components/icons'
import { ProductoImage } from '@/components/producto-image'
import type { CarritoItem } from '@/lib/carrito'
import { ENTREGA_PROVEEDOR } from '@/lib/producto'
import { itemRemoved, quantityChanged } from '@/lib/carrito-slice'
import { formatMoney } from '@/lib/money'
import { truncate } from '@/lib/text'
import { CARRITO_NARROW, NAME_TRUNCATED_AT, useMediaQuery } from '@/lib/use-media-query'
import { lineCents } from '@/features/checkout/carrito-totals'
import { descuentoLabel, originalPrice } from '@/features/checkout/line-descuento'
import { useLineCheck, type LineReports } from '@/features/checkout/use-line-check'

type CarritoRowProps = LineReports & { item: CarritoItem }

/** The size, unless the only one. */
function lineSize(item: CarritoItem): string {
  return item.talla && item.talla !== 'Unico' ? item.talla : ''
}

/** One cart line: image, quantity chip, name, discount chip, prices, delete. */
export function CarritoRow({ item, onPriceChange, onProblem }: CarritoRowProps) {
  const dispatch = useAppDispatch()
  const narrow = useMediaQuery(CARRITO_NARROW)
  const { check, problem, key } = useLineCheck(item, { onPriceChange, onProblem })
  const original = originalPrice(item)
  const size = lineSize(item)
  // The catalogue's stock caps the '+': the line cannot be raised past what there is.
  const maxQty = check?.kind === 'poco' || check?.kind === 'ok' ? check.stock : undefined
  const atStock = check?.kind === 'ok' && maxQty !== undefined && item.cantidad >= maxQty
  const setQty = (cantidad: number) =>
    dispatch(quantityChanged({ id: item.id, producto_id: item.producto_id, cantidad, stock: maxQty }))

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
        <ProductoImage src={item.imagen} alt={item.nombre} compact className="h-20 w-20 sm:h-24 sm:w-24" />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-sm leading-snug font-semibold text-slate-900 sm:text-base" title={item.nombre}>
            {narrow ? truncate(item.nombre, NAME_TRUNCATED_AT) : item.nombre}
          </h2>
          <RemoveButton nombre={item.nombre} onClick={() => dispatch(itemRemoved({ id: item.id, producto_id: item.producto_id }))} />
        </div>

        {size ? <p className="truncate text-xs text-slate-500">{size}</p> : null}
        <LineExtras extras={item.extras ?? []} />

        <PriceChips item={item} original={original} />

        <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
          <QuantityStepper
            item={item}
            canAdd={!(maxQty !== undefined && item.cantidad >= maxQty)}
            limitId={atStock ? `${key}-existencias` : undefined}
            onChange={setQty}
          />
          <LinePrice item={item} />
        </div>

        {atStock ? (
          <p id={`${key}-existencias`} className="text-xs font-medium text-amber-800" data-testid="limite-existencias">
            {maxQty === 1 ? 'Solo hay 1 disponible.' : `Solo hay ${maxQty} disponibles.`}
          </p>
        ) : null}

        {check?.kind === 'ok' && check.proveedor ? (
          <p className="text-xs font-medium text-sky-800" data-testid="entrega-proveedor">
            {ENTREGA_PROVEEDOR}
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

function RemoveButton({ nombre, onClick }: { nombre: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Eliminar ${nombre}`}
      className="-mt-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-400 transition hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-teal-500"
    >
      <TrashIcon size={20} />
    </button>
  )
}

/** Every chosen extra, each whole on its own line (they are charged, so none is cut off), with its price. */
function LineExtras({ extras }: { extras: NonNullable<CarritoItem['extras']> }) {
  if (extras.length === 0) return null
  return (
    <ul className="text-xs text-slate-600" aria-label="Extras" data-testid="extras">
      {extras.map((e, i) => (
        <li key={e._id ?? i} className="[overflow-wrap:anywhere]">
          + {e.nombre} <span className="whitespace-nowrap text-slate-500">({formatMoney(e.precio)})</span>
        </li>
      ))}
    </ul>
  )
}

/** The discount chip and the price before it, each when there is one. */
function PriceChips({ item, original }: { item: CarritoItem; original: number | null }) {
  const label = descuentoLabel(item, original)
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {label ? (
        <span data-testid="descuento" className="rounded-full bg-rose-100 px-2 py-0.5 text-[11px] font-bold text-rose-700">
          {label}
        </span>
      ) : null}
      {original !== null ? (
        <span className="text-xs text-slate-400 line-through" data-testid="precio-original">
          <span className="sr-only">Antes </span>
          {formatMoney(original)}
        </span>
      ) : null}
    </div>
  )
}

type QuantityStepperProps = {
  item: CarritoItem
  /** The stock allows one more. */
  canAdd: boolean
  /** The id of the text saying the stock is reached, while it shows. */
  limitId: string | undefined
  onChange: (cantidad: number) => void
}

/** The quantity chip: '−', the quantity, '+'. */
function QuantityStepper({ item, canAdd, limitId, onChange }: QuantityStepperProps) {
  return (
    <div role="group" aria-label={`Cantidad de ${item.nombre}`} className="flex items-center rounded-full border border-slate-200 bg-slate-50">
      <button
        type="button"
        aria-label="Quitar uno"
        disabled={item.cantidad <= 1}
        onClick={() => onChange(item.cantidad - 1)}
        className="flex h-11 w-11 items-center justify-center rounded-full text-slate-700 transition hover:bg-white disabled:opacity-35"
      >
        <MinusIcon size={16} />
      </button>
      <span className="min-w-7 text-center text-sm font-bold tabular-nums" data-testid="cantidad" aria-live="polite">
        {item.cantidad}
      </span>
      <button
        type="button"
        aria-label="Agregar uno"
        aria-describedby={limitId}
        disabled={!canAdd}
        onClick={() => onChange(item.cantidad + 1)}
        className="flex h-11 w-11 items-center justify-center rounded-full text-slate-700 transition hover:bg-white disabled:opacity-35"
      >
        <PlusIcon size={16} />
      </button>
    </div>
  )
}

/** The line's price: the unit price, or 'unit x quantity = total' for more than one. */
function LinePrice({ item }: { item: CarritoItem }) {
  return (
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
  )
}
