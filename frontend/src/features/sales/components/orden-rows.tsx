import { formatMoney } from '@/lib/money'
import { FacturaBadge } from '@/features/sales/components/factura-badge'
import { OrdenItems } from '@/features/sales/components/orden-items'
import { CardPart, CardTop, Fecha, GestionarButton, VentasTable } from '@/features/sales/components/ventas-list'
import { StatusChip } from '@/components/status-chip'
import { EntregaChip, PagoCell } from '@/features/sales/components/status'
import { admitsDevolucion } from '@/features/sales/helpers'
import type { Venta } from '@/features/sales/types'

type RowsProps = {
  orders: Venta[]
  highlighted: ReadonlySet<string>
  onOpen: (s: Venta) => void
  /** 'Devolución' of a paid sale; absent for the roles that may not record one (Comandero, Auxiliar). */
  onReturn?: (s: Venta) => void
}

function Cliente({ sale }: { sale: Venta }) {
  const payer = sale.order?.payer?.name
  const payerName = [payer?.given_name, payer?.surname].filter(Boolean).join(' ')
  return (
    <div className="min-w-0 space-y-0.5 text-sm wrap-anywhere">
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

function Gestionar({ sale, onOpen }: { sale: Venta; onOpen: (s: Venta) => void }) {
  return <GestionarButton sale={sale} onOpen={onOpen} label={`Gestionar orden ${sale.folio}`} className="px-3.5" />
}

/** 'Imprimir ticket': the order's receipt in a new tab (`/ventas/ticket/{id}`); a button on cards, a link in the table. */
function TicketLink({ sale, compact }: { sale: Venta; compact?: boolean }) {
  return (
    <a
      href={`/ventas/ticket/${encodeURIComponent(sale._id)}`}
      target="_blank"
      rel="noopener"
      className={compact ? 'link inline-flex min-h-10 items-center text-right text-sm' : 'btn-secondary min-h-10 px-3.5 whitespace-nowrap'}
      aria-label={`Imprimir ticket de la orden ${sale.folio} (se abre en otra pestaña)`}
    >
      Imprimir ticket
    </a>
  )
}

/** 'Devolución': offered to the cash desk for a paid sale with units left to return. */
function DevolucionButton({ sale, onReturn }: { sale: Venta; onReturn?: (s: Venta) => void }) {
  if (!onReturn || !admitsDevolucion(sale)) return null
  return (
    <button
      type="button"
      className="btn-secondary min-h-10 px-3.5"
      onClick={() => onReturn(sale)}
      aria-label={`Devolución de la orden ${sale.folio}`}
    >
      Devolución
    </button>
  )
}

/** A sale with some units returned, not all: its delivery state alone does not say it. */
function PartlyReturned({ sale }: { sale: Venta }) {
  if (sale.entrega === 'Devuelto' || !sale.carrito.some((i) => (i.devueltos ?? 0) > 0)) return null
  return (
    <p className="mt-2">
      <StatusChip tone="neutral">Devolución parcial</StatusChip>
    </p>
  )
}

function Revisar({ sale }: { sale: Venta }) {
  if (!sale.revisar) return null
  return (
    <p className="mt-2">
      <StatusChip tone="warning" label={`Revisar: ${sale.revisar}`}>
        Revisar
      </StatusChip>
    </p>
  )
}

function Folio({ sale, isNew }: { sale: Venta; isNew: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-500">
      Folio {sale.folio}
      {isNew ? <span className="rounded-full bg-teal-600 px-2 py-0.5 text-[11px] font-bold text-white uppercase">Nueva</span> : null}
      <FacturaBadge sale={sale} />
    </p>
  )
}

const TH = 'px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2 py-4 align-top'

/** The orders of a page as a wide table: the original columns, then 'Gestionar' and 'Imprimir ticket'. */
export function OrdenesTable({ orders, highlighted, onOpen, onReturn }: RowsProps) {
  return (
    <VentasTable
      className="min-w-[880px]"
      th={TH}
      headers={[
        { label: 'Orden', className: 'w-[32%]' },
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
          className={highlighted.has(sale._id) ? 'bg-teal-50 transition-colors' : undefined}
        >
          <td className={TD}>
            <div className="mb-2">
              <Folio sale={sale} isNew={highlighted.has(sale._id)} />
            </div>
            <OrdenItems sale={sale} />
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
            <PartlyReturned sale={sale} />
            <Revisar sale={sale} />
          </td>
          <td className={`${TD} text-right`}>
            <div className="flex flex-col items-end gap-2">
              <Gestionar sale={sale} onOpen={onOpen} />
              <DevolucionButton sale={sale} onReturn={onReturn} />
              <TicketLink sale={sale} compact />
            </div>
          </td>
        </tr>
      ))}
    </VentasTable>
  )
}

/** The orders of a page as cards (tablets and phones). */
export function OrdenCards({ orders, highlighted, onOpen, onReturn }: RowsProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {orders.map((sale) => (
        <li
          key={sale._id}
          data-testid="orden"
          data-folio={sale.folio}
          className={`flex flex-col rounded-2xl border bg-white p-4 shadow-sm ${highlighted.has(sale._id) ? 'border-teal-400 ring-2 ring-teal-300' : 'border-slate-200'}`}
        >
          <CardTop fecha={sale.fecha}>
            <Folio sale={sale} isNew={highlighted.has(sale._id)} />
            <p className="text-lg font-bold text-slate-900">{formatMoney(sale.total)}</p>
          </CardTop>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <OrdenItems sale={sale} />
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
                <PartlyReturned sale={sale} />
                <Revisar sale={sale} />
              </CardPart>
            </div>
            <div className="flex flex-wrap gap-2">
              <TicketLink sale={sale} />
              <DevolucionButton sale={sale} onReturn={onReturn} />
              <Gestionar sale={sale} onOpen={onOpen} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
