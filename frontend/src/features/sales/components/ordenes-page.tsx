import { useEffect, useRef, useState } from 'react'
import { useAppSelector } from '@/app/hooks'
import { ErrorNote } from '@/components/error-note'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatMoney } from '@/lib/money'
import { selectRol } from '@/lib/session-slice'
import { normalizeRol } from '@/lib/roles'
import { errorText } from '@/lib/api-errors'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useGetOrdersVersionQuery, useGetPendingOrdersQuery } from '@/features/sales/api'
import { ActualizarOrdenDialog } from '@/features/sales/components/actualizar-orden-dialog'
import { OrderItems } from '@/features/sales/components/order-items'
import { CardPart, CardTop, EmptyList, Fecha, GestionarButton, Notice, SalesTable } from '@/features/sales/components/sale-list'
import { EntregaChip, PagoCell, StatusChip } from '@/features/sales/components/status'
import type { Sale } from '@/features/sales/types'
import { useNotice } from '@/features/sales/use-notice'

/** How often the list asks whether anything changed (a Comandero keeps it open all day). */
export const ORDERS_POLL_MS = 5000

/**
 * The pending orders, kept fresh without reloading: a tiny version number is polled every 5 s and
 * the list is fetched again only when it changes. The list is first read after the first version,
 * so an order placed in between is never missed.
 */
function useLiveOrders() {
  const version = useGetOrdersVersionQuery(undefined, {
    pollingInterval: ORDERS_POLL_MS,
    skipPollingIfUnfocused: false,
    refetchOnMountOrArgChange: true,
  })
  const orders = useGetPendingOrdersQuery(undefined, {
    skip: version.isLoading,
    refetchOnMountOrArgChange: true,
  })
  const seen = useRef<number | undefined>(undefined)
  const { refetch, isUninitialized } = orders
  useEffect(() => {
    if (version.data === undefined) return
    if (seen.current !== undefined && seen.current !== version.data && !isUninitialized) refetch()
    seen.current = version.data
  }, [version.data, refetch, isUninitialized])
  return orders
}

/** Ids that appeared since the first load, highlighted for a while. */
function useNewIds(orders: Sale[] | undefined) {
  const known = useRef<Set<string> | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const [fresh, setFresh] = useState<string[]>([])
  useEffect(() => {
    if (!orders) return
    const ids = orders.map((o) => o._id)
    if (known.current === null) {
      known.current = new Set(ids)
      return
    }
    const seen = known.current
    const added = ids.filter((id) => !seen.has(id))
    if (added.length === 0) return
    added.forEach((id) => seen.add(id))
    setFresh(added)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setFresh([]), 10_000)
  }, [orders])
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return fresh
}

function Cliente({ sale }: { sale: Sale }) {
  const payer = sale.order?.payer?.name
  const payerName = [payer?.given_name, payer?.surname].filter(Boolean).join(' ')
  return (
    <div className="min-w-0 space-y-0.5 text-sm break-words">
      <p className="font-semibold text-slate-900">{sale.usuario?.name || sale.cliente}</p>
      {sale.cliente && sale.cliente !== sale.usuario?.name ? (
        <p className="text-slate-700">
          Ordena: <strong>{sale.cliente}</strong>
        </p>
      ) : null}
      {sale.usuario?.email ? <p className="text-slate-600">{sale.usuario.email}</p> : null}
      {sale.usuario?.phone ? <p className="text-slate-600">{sale.usuario.phone}</p> : null}
      {payerName ? <p className="text-slate-600">Pagador: {payerName}</p> : null}
      {sale.usuario?.address ? <p className="text-xs text-slate-500">{sale.usuario.address}</p> : null}
    </div>
  )
}

function Gestionar({ sale, onOpen }: { sale: Sale; onOpen: (s: Sale) => void }) {
  return <GestionarButton sale={sale} onOpen={onOpen} label={`Gestionar orden ${sale.folio}`} className="px-3.5" />
}

function Revisar({ sale }: { sale: Sale }) {
  if (!sale.revisar) return null
  return (
    <p className="mt-2">
      <StatusChip tone="warning" label={`Revisar: ${sale.revisar}`}>
        Revisar
      </StatusChip>
    </p>
  )
}

const TH = 'px-2.5 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2.5 py-4 align-top'

function OrdersTable({ orders, fresh, onOpen }: { orders: Sale[]; fresh: string[]; onOpen: (s: Sale) => void }) {
  return (
    <SalesTable
      className="min-w-[860px]"
      th={TH}
      headers={[
        { label: 'Orden', className: 'w-[36%]' },
        { label: 'Cliente', className: 'w-[20%]' },
        { label: 'Total' },
        { label: 'Fecha' },
        { label: 'Pago' },
        { label: 'Entregado' },
      ]}
    >
      {orders.map((sale) => (
        <tr
          key={sale._id}
          data-testid="orden"
          data-folio={sale.folio}
          className={fresh.includes(sale._id) ? 'bg-teal-50 transition-colors' : undefined}
        >
          <td className={TD}>
            <p className="mb-2 text-xs font-semibold text-slate-500">Folio {sale.folio}</p>
            <OrderItems sale={sale} />
          </td>
          <td className={TD}>
            <Cliente sale={sale} />
          </td>
          <td className={`${TD} font-semibold whitespace-nowrap text-slate-900`}>{formatMoney(sale.total)}</td>
          <td className={TD}>
            <Fecha fecha={sale.fecha} />
          </td>
          <td className={TD}>
            <PagoCell sale={sale} />
          </td>
          <td className={TD}>
            <EntregaChip entrega={sale.entrega} />
            <Revisar sale={sale} />
          </td>
          <td className={`${TD} text-right`}>
            <Gestionar sale={sale} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </SalesTable>
  )
}

function OrderCards({ orders, fresh, onOpen }: { orders: Sale[]; fresh: string[]; onOpen: (s: Sale) => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {orders.map((sale) => (
        <li
          key={sale._id}
          data-testid="orden"
          data-folio={sale.folio}
          className={`flex flex-col rounded-2xl border bg-white p-4 shadow-sm ${fresh.includes(sale._id) ? 'border-teal-400 ring-2 ring-teal-300' : 'border-slate-200'}`}
        >
          <CardTop fecha={sale.fecha}>
            <p className="text-xs font-semibold text-slate-500">Folio {sale.folio}</p>
            <p className="text-lg font-bold text-slate-900">{formatMoney(sale.total)}</p>
          </CardTop>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <OrderItems sale={sale} />
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <Cliente sale={sale} />
          </div>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
            <div className="flex flex-wrap items-start gap-4">
              <CardPart label="Pago">
                <PagoCell sale={sale} />
              </CardPart>
              <CardPart label="Entregado">
                <EntregaChip entrega={sale.entrega} />
                <Revisar sale={sale} />
              </CardPart>
            </div>
            <Gestionar sale={sale} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** `/ventas/ordenes` 'Lista de ordenes' (Comandero, Cajero, Auxiliar, Administrador). */
export function OrdenesPage() {
  useDocumentTitle('Lista de ordenes')
  const rol = normalizeRol(useAppSelector(selectRol))
  const canCharge = rol === 'Cajero' || rol === 'Administrador'
  const wide = useMediaQuery(WIDE)
  const { data: orders, error } = useLiveOrders()
  const fresh = useNewIds(orders)
  const [editing, setEditing] = useState<Sale | null>(null)
  const [notice, setNotice] = useNotice()

  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Lista de ordenes</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60" />
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
            </span>
            Se actualiza sola
            {orders ? (
              <span>
                · {orders.length} {orders.length === 1 ? 'orden pendiente' : 'ordenes pendientes'}
              </span>
            ) : null}
          </p>
        </div>
      </div>

      <div aria-live="polite" className="sr-only">
        {fresh.length > 0 ? `${fresh.length === 1 ? 'Llegó una orden nueva' : `Llegaron ${fresh.length} ordenes nuevas`}` : ''}
      </div>
      <Notice text={notice} />

      <div className="mt-6">
        {error ? <ErrorNote>{errorText(error, 'Error al obtener las ordenes')}</ErrorNote> : null}
        {!orders && !error ? (
          <div className="space-y-3" aria-label="Cargando ordenes">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : null}
        {orders && orders.length === 0 ? (
          <EmptyList>No hay ordenes pendientes</EmptyList>
        ) : null}
        {orders && orders.length > 0 ? (
          wide ? (
            <OrdersTable orders={orders} fresh={fresh} onOpen={setEditing} />
          ) : (
            <OrderCards orders={orders} fresh={fresh} onOpen={setEditing} />
          )
        ) : null}
      </div>

      {editing ? (
        <ActualizarOrdenDialog
          key={editing._id}
          sale={editing}
          canCharge={canCharge}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(`Orden ${saved.folio} actualizada.`)
          }}
        />
      ) : null}
    </section>
  )
}
