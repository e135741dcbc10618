import type { ReactNode } from 'react'
import { AlertIcon, CheckCircleIcon, ClockIcon, CloseIcon, PackageIcon, TruckIcon } from '@/components/icons'
import { ProductoImage } from '@/components/producto-image'
import { formatMoney } from '@/lib/money'
import { errorStatus } from '@/lib/api-errors'
import type { Compra, CompraItem } from '@/features/session/cuenta-types'
import { useListComprasQuery } from '@/features/session/cuenta-api'
import {
  deliveryState,
  formatDate,
  itemLabel,
  lineTotalWithIva,
  NO_COMPRAS,
  pagoState,
} from '@/features/session/compra-format'

const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold'

/** The payment, one state: 'Pagado' or 'Pendiente de pago'. */
function PagoBadge({ p }: { p: Compra }) {
  const state = pagoState(p)
  const paid = state === 'Pagado'
  return (
    <span data-testid="pago" className={`${BADGE} ${paid ? 'bg-teal-50 text-teal-800' : 'bg-amber-50 text-amber-800'}`}>
      {paid ? <CheckCircleIcon size={14} /> : <AlertIcon size={14} />}
      {state}
    </span>
  )
}

const DELIVERY_STYLE: Record<string, { cls: string; icon: ReactNode }> = {
  Entregado: { cls: 'bg-teal-50 text-teal-800', icon: <PackageIcon size={14} /> },
  Enviado: { cls: 'bg-sky-50 text-sky-800', icon: <TruckIcon size={14} /> },
  Cancelado: { cls: 'bg-rose-50 text-rose-800', icon: <CloseIcon size={14} /> },
  Devuelto: { cls: 'bg-rose-50 text-rose-800', icon: <CloseIcon size={14} /> },
}

/** The delivery, the other state: 'Por entregar', 'Enviado', 'Entregado', 'Cancelado' or 'Devuelto'. */
function DeliveryBadge({ p }: { p: Compra }) {
  const state = deliveryState(p)
  const s = DELIVERY_STYLE[state] ?? { cls: 'bg-slate-100 text-slate-700', icon: <ClockIcon size={14} /> }
  return (
    <span data-testid="entrega" className={`${BADGE} ${s.cls}`}>
      {s.icon}
      {state}
    </span>
  )
}

/**
 * The signed-in customer's purchases. The sales API answers 404 or [] when there are none; both
 * show the empty state. Other failures show a message and a retry button.
 */
function useCompras(usuarioId: string) {
  const query = useListComprasQuery(usuarioId, { skip: !usuarioId })
  const none = errorStatus(query.error) === 404
  const compras = none ? [] : (query.data ?? [])
  const failed = Boolean(query.error) && !none
  return { ...query, purchases: compras, failed }
}

function Status({ loading, failed, empty, retry }: { loading: boolean; failed: boolean; empty: boolean; retry: () => void }) {
  if (loading) return <p className="py-6 text-center text-sm text-slate-500">Cargando compras…</p>
  if (failed)
    return (
      <div role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800">
        No pudimos cargar tus compras.{' '}
        <button type="button" className="font-semibold underline" onClick={retry}>
          Reintentar
        </button>
      </div>
    )
  if (empty) return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{NO_COMPRAS}</p>
  return null
}

/** One labelled figure of a purchase card. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  )
}

/** A line's name, and under it the longer delivery of units the shop orders from the distributor ('Disponible con proveedor: …'). */
function ItemName({ item }: { item: CompraItem }) {
  return (
    <>
      {itemLabel(item)}
      {item.entrega ? (
        <span data-testid="compra-entrega" className="block text-xs font-normal text-amber-800">
          {item.entrega}
        </span>
      ) : null}
    </>
  )
}

/** 'Historial de compras' of the profile: one row (one card on phones) per item bought. */
export function CompraHistoryTable({ usuarioId }: { usuarioId: string }) {
  const { purchases, failed, isLoading, refetch } = useCompras(usuarioId)
  const rows = purchases.flatMap((p) => (p.carrito ?? []).map((item, i) => ({ p, item, key: `${p._id}-${i}` })))
  return (
    <section aria-labelledby="historial" className="mt-8">
      <h2 id="historial" className="section-title">
        Historial de compras
      </h2>
      <div className="mt-4">
        <Status loading={isLoading} failed={failed} empty={rows.length === 0} retry={() => void refetch()} />
        {rows.length > 0 ? (
          // Phones: one card per item, every figure on screen. The table from 640 px up.
          <ul className="space-y-3 sm:hidden" aria-label="Historial de compras" data-testid="historial-lista">
            {rows.map(({ p, item, key }) => (
              <li key={key} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
                <ProductoImage src={item.imagen} alt={item.nombre} compact className="h-14 w-14 shrink-0 rounded-lg" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words text-slate-900"><ItemName item={item} /></p>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    <Figure label="Cantidad">{item.cantidad}</Figure>
                    <Figure label="Total con IVA">
                      <span className="font-semibold text-brand-900 tabular-nums">{formatMoney(lineTotalWithIva(item))}</span>
                    </Figure>
                    <Figure label="Fecha">{formatDate(p.fecha)}</Figure>
                    <Figure label="Pago">
                      <PagoBadge p={p} />
                    </Figure>
                    <Figure label="Entrega">
                      <DeliveryBadge p={p} />
                    </Figure>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {rows.length > 0 ? (
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                <tr>
                  <th className="px-3 py-2">
                    <span className="sr-only">Imagen</span>
                  </th>
                  <th className="px-3 py-2">Nombre</th>
                  <th className="px-3 py-2">Cantidad</th>
                  <th className="px-3 py-2">Total con IVA</th>
                  <th className="px-3 py-2">Fecha</th>
                  <th className="px-3 py-2">Pago</th>
                  <th className="px-3 py-2">Entrega</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map(({ p, item, key }) => (
                  <tr key={key}>
                    <td className="px-3 py-2">
                      <ProductoImage src={item.imagen} alt={item.nombre} compact className="h-12 w-12 rounded-lg" />
                    </td>
                    <td className="px-3 py-2 font-medium text-slate-900"><ItemName item={item} /></td>
                    <td className="px-3 py-2">{item.cantidad}</td>
                    <td className="px-3 py-2 tabular-nums">{formatMoney(lineTotalWithIva(item))}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.fecha)}</td>
                    <td className="px-3 py-2">
                      <PagoBadge p={p} />
                    </td>
                    <td className="px-3 py-2">
                      <DeliveryBadge p={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  )
}

/** `/usuarios/compras` and `/usuarios/listar`: one card per purchase. */
export function CompraList({ usuarioId, facturaAction }: { usuarioId: string; facturaAction?: (p: Compra) => ReactNode }) {
  const { purchases, failed, isLoading, refetch } = useCompras(usuarioId)
  return (
    <div className="space-y-4">
      <Status loading={isLoading} failed={failed} empty={purchases.length === 0} retry={() => void refetch()} />
      {purchases.map((p) => (
        <article key={p._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <header className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-brand-900">Folio {p.folio ?? p._id}</h2>
          </header>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <div className="flex items-center gap-1.5">
              <dt>Pago</dt>
              <dd>
                <PagoBadge p={p} />
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt>Entrega</dt>
              <dd>
                <DeliveryBadge p={p} />
              </dd>
            </div>
          </dl>
          <p className="text-xs text-slate-500">{formatDate(p.fecha)}</p>
          <ul className="mt-3 divide-y divide-slate-100">
            {(p.carrito ?? []).map((item, i) => (
              <li key={i} className="flex items-center gap-3 py-2 text-sm">
                <ProductoImage src={item.imagen} alt={item.nombre} compact className="h-12 w-12 shrink-0 rounded-lg" />
                <span className="flex-1"><ItemName item={item} /></span>
                <span className="text-slate-600">x{item.cantidad}</span>
                <span className="font-medium tabular-nums" title="Con IVA">
                  {formatMoney(lineTotalWithIva(item))}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-right font-semibold">Total con IVA {formatMoney(p.total ?? 0)}</p>
          {facturaAction ? <div className="mt-3 border-t border-slate-100 pt-3">{facturaAction(p)}</div> : null}
        </article>
      ))}
    </div>
  )
}
