import { useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useAppSelector } from '@/lib/hooks'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { CheckCircleIcon } from '@/components/icons'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { truncate } from '@/lib/text'
import { NAME_TRUNCATED_AT, ORDENES_NARROW, useMediaQuery } from '@/lib/use-media-query'
import type { VentaItem } from '@/lib/venta'
import { selectUsuario } from '@/lib/session-slice'
import { useListOrdenesPendientesQuery } from '@/features/checkout/api'
import type { Venta } from '@/features/checkout/types'
import { ordenesNewestFirst, readUltimaVenta, type ThanksState } from '@/features/checkout/ultima-venta'

/**
 * `/carrito/gracias`: the order the cart has just placed, first, and the
 * customer's other orders waiting to be paid at the counter. Opened any other way (a bookmark, a
 * typed address), there is no new order to thank for, and the page says so.
 */
export function ThankYouPage() {
  const usuario = useAppSelector(selectUsuario)
  const usuarioId = usuario?.id ?? ''
  const { data = [], isLoading, isError, refetch } = useListOrdenesPendientesQuery(usuarioId, { skip: !usuarioId })
  // The order the cart placed, named by the navigation (kept by a reload, absent when typed).
  const placedId = ((useLocation().state ?? null) as ThanksState | null)?.ventaId
  const [ultima] = useState(readUltimaVenta)
  const recent = placedId && ultima?._id === placedId ? ultima : null
  const ordenes = ordenesNewestFirst(data, recent)
  useDocumentTitle(recent ? '¡Gracias por tu compra!' : 'Sin compra reciente')

  return (
    <section className="mx-auto w-full max-w-3xl px-4 pt-6 pb-10">
      {recent ? <Thanks folio={recent.folio} /> : <NoRecentOrden />}

      {!usuarioId ? (
        <p className="mt-6 text-center text-slate-600">
          <Link to="/login" state={{ volver: '/carrito/gracias' }} className="link">
            Inicia sesión
          </Link>{' '}
          para ver tus órdenes pendientes.
        </p>
      ) : isLoading ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : isError ? (
        <div role="alert" className="mt-6 rounded-2xl bg-rose-50 p-4 text-sm text-rose-800">
          No pudimos cargar tus órdenes pendientes.{' '}
          <button type="button" className="link" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      ) : ordenes.length === 0 ? null : (
        <>
          <h2 className="mt-7 text-lg font-semibold text-brand-900" data-testid="pendientes">
            {ordenes.length === 1 ? 'Tienes 1 orden pendiente' : `Tienes ${ordenes.length} órdenes pendientes`}
          </h2>
          <ul className="mt-3 space-y-4">
            {ordenes.map((o) => (
              <OrdenCard key={o._id} orden={o} highlight={o._id === recent?._id} />
            ))}
          </ul>
        </>
      )}

      {recent ? (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/" className="btn-primary">
            Seguir comprando
          </Link>
          <Link to="/tiendas" className="btn-secondary">
            Ver ubicación y horario
          </Link>
        </div>
      ) : null}
    </section>
  )
}

function Thanks({ folio }: { folio: string }) {
  return (
    <div className="rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 px-5 py-7 text-center text-white shadow-lg">
      <CheckCircleIcon size={44} className="mx-auto text-teal-300" />
      <h1 className="mt-3 text-2xl font-bold">¡Gracias por tu compra!</h1>
      <p className="mt-1 text-brand-100">paga tu orden en caja</p>
      <p className="mt-4 inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm">
        Tu folio: <strong className="font-mono tracking-wide" data-testid="folio-reciente">{folio}</strong>
      </p>
    </div>
  )
}

/** Opened with no order just placed: nothing to thank for; the shop and 'Mis compras' instead. */
function NoRecentOrden() {
  return (
    <div className="rounded-3xl border border-slate-200 bg-white px-5 py-7 text-center shadow-sm" data-testid="sin-compra">
      <h1 className="text-2xl font-bold text-brand-900">No hay una compra reciente</h1>
      <p className="mt-2 text-slate-600">
        Esta página muestra tu orden justo después de comprar. Tus compras anteriores están en «Mis compras».
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/" className="btn-primary">
          Ir a la tienda
        </Link>
        <Link to="/usuarios/compras" className="btn-secondary">
          Mis compras
        </Link>
      </div>
    </div>
  )
}

function OrdenCard({ orden, highlight }: { orden: Venta; highlight: boolean }) {
  return (
    <li
      data-testid="orden"
      className={`overflow-hidden rounded-2xl border bg-white shadow-sm ${highlight ? 'border-teal-400 ring-2 ring-teal-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
        <div>
          <p className="text-xs text-slate-500">Folio</p>
          <p className="font-mono text-sm font-semibold text-slate-900" data-testid="folio">
            {orden.folio}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">Cliente</p>
          <p className="text-sm font-semibold text-slate-900">{orden.cliente || '—'}</p>
        </div>
      </div>
      <ul className="divide-y divide-slate-100 px-4">
        {orden.carrito.map((item, i) => (
          <OrdenItem key={`${item._id}-${i}`} item={item} />
        ))}
      </ul>
      <div className="flex items-center justify-between border-t border-slate-100 px-4 py-3">
        <span className="text-xs text-slate-500">{orden.fecha ? formatDateTime(orden.fecha) : ''}</span>
        <p className="text-sm">
          Total <strong className="ml-1 text-base text-brand-900 tabular-nums">{formatMoney(orden.total)}</strong>
        </p>
      </div>
      <div className="flex justify-end border-t border-slate-100 px-4 py-3">
        <a
          href={`/ventas/ticket/${encodeURIComponent(orden._id)}`}
          target="_blank"
          rel="noopener"
          className="btn-secondary px-4"
          aria-label={`Imprimir ticket de la orden ${orden.folio} (se abre en otra pestaña)`}
        >
          Imprimir ticket
        </a>
      </div>
    </li>
  )
}

function OrdenItem({ item }: { item: VentaItem }) {
  const narrow = useMediaQuery(ORDENES_NARROW)
  const labelId = useId()
  const showTalla = Boolean(item.talla) && item.talla !== 'Unico'
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900" title={item.nombre}>
          {narrow ? truncate(item.nombre, NAME_TRUNCATED_AT) : item.nombre}
        </p>
        <p className="text-xs text-slate-500">
          {showTalla ? <span data-testid="talla">Talla: {item.talla} · </span> : null}
          Cantidad: {item.cantidad}
        </p>
      </div>
      {item.envio ? null : (
        <span className="flex items-center gap-2 text-xs text-slate-500">
          <span id={labelId}>Entregado</span>
          <span
            role="switch"
            aria-checked={item.entregado}
            aria-readonly="true"
            aria-disabled="true"
            aria-labelledby={labelId}
            className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition ${item.entregado ? 'bg-teal-500' : 'bg-slate-300'}`}
          >
            <span
              className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition ${item.entregado ? 'left-[18px]' : 'left-0.5'}`}
            />
          </span>
        </span>
      )}
    </li>
  )
}
