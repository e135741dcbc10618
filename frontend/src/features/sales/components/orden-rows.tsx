import { formatMoney } from '@/lib/money'
import { FacturaBadge } from '@/features/sales/components/factura-badge'
import { OrdenItems } from '@/features/sales/components/orden-items'
import { CardPart, CardTop, Fecha, GestionarButton, VentasTable } from '@/features/sales/components/ventas-list'
import { StatusChip } from '@/components/status-chip'
import { EntregaChip, PagoCell } from '@/features/sales/components/status'
import { admitsDevolucion } from '@/features/sales/helpers'
import type { Venta } from '@/features/sales/types'

type RowsProps = {
  ordenes: Venta[]
  highlighted: ReadonlySet<string>
  onOpen: (s: Venta) => void
  /** 'Devolución' of a paid sale; absent for the roles that may not record one (Comandero, Auxiliar). */
  onDevolucion?: (s: Venta) => void
}

function Cliente({ venta }: { venta: Venta }) {
  const payer = venta.order?.payer?.name
  const payerName = [payer?.given_name, payer?.surname].filter(Boolean).join(' ')
  return (
    <div className="min-w-0 space-y-0.5 text-sm wrap-anywhere">
      <p className="font-semibold text-slate-900">{venta.usuario?.name || venta.cliente}</p>
      {venta.cliente && venta.cliente !== venta.usuario?.name ? (
        <p className="text-slate-700">
          Ordena: <strong>{venta.cliente}</strong>
        </p>
      ) : null}
      {venta.usuario?.email ? <p className="text-slate-600">{venta.usuario.email}</p> : null}
      {venta.usuario?.phone ? <p className="text-slate-600">{venta.usuario.phone}</p> : null}
      {payerName ? <p className="text-slate-600">Pagador: {payerName}</p> : null}
      {venta.usuario?.address ? <p className="text-xs text-slate-500">{venta.usuario.address}</p> : null}
    </div>
  )
}

function Gestionar({ venta, onOpen }: { venta: Venta; onOpen: (s: Venta) => void }) {
  return <GestionarButton venta={venta} onOpen={onOpen} label={`Gestionar orden ${venta.folio}`} className="px-3.5" />
}

/** 'Imprimir ticket': the order's receipt in a new tab (`/ventas/ticket/{id}`); a button on cards, a link in the table. */
function TicketLink({ venta, compact }: { venta: Venta; compact?: boolean }) {
  return (
    <a
      href={`/ventas/ticket/${encodeURIComponent(venta._id)}`}
      target="_blank"
      rel="noopener"
      className={compact ? 'link inline-flex min-h-10 items-center text-right text-sm' : 'btn-secondary min-h-10 px-3.5 whitespace-nowrap'}
      aria-label={`Imprimir ticket de la orden ${venta.folio} (se abre en otra pestaña)`}
    >
      Imprimir ticket
    </a>
  )
}

/** 'Devolución': offered to the cash desk for a paid sale with units left to return. */
function DevolucionButton({ venta, onDevolucion }: { venta: Venta; onDevolucion?: (s: Venta) => void }) {
  if (!onDevolucion || !admitsDevolucion(venta)) return null
  return (
    <button
      type="button"
      className="btn-secondary min-h-10 px-3.5"
      onClick={() => onDevolucion(venta)}
      aria-label={`Devolución de la orden ${venta.folio}`}
    >
      Devolución
    </button>
  )
}

/** A sale with some units returned, not all: its delivery state alone does not say it. */
function PartlyReturned({ venta }: { venta: Venta }) {
  if (venta.entrega === 'Devuelto' || !venta.carrito.some((i) => (i.devueltos ?? 0) > 0)) return null
  return (
    <p className="mt-2">
      <StatusChip tone="neutral">Devolución parcial</StatusChip>
    </p>
  )
}

function Revisar({ venta }: { venta: Venta }) {
  if (!venta.revisar) return null
  return (
    <p className="mt-2">
      <StatusChip tone="warning" label={`Revisar: ${venta.revisar}`}>
        Revisar
      </StatusChip>
    </p>
  )
}

function Folio({ venta, isNew }: { venta: Venta; isNew: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-500">
      Folio {venta.folio}
      {isNew ? <span className="rounded-full bg-teal-600 px-2 py-0.5 text-[11px] font-bold text-white uppercase">Nueva</span> : null}
      <FacturaBadge venta={venta} />
    </p>
  )
}

const TH = 'px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2 py-4 align-top'

/** The orders of a page as a wide table: the original columns, then 'Gestionar' and 'Imprimir ticket'. */
export function OrdenesTable({ ordenes, highlighted, onOpen, onDevolucion }: RowsProps) {
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
      {ordenes.map((venta) => (
        <tr
          key={venta._id}
          data-testid="orden"
          data-folio={venta.folio}
          className={highlighted.has(venta._id) ? 'bg-teal-50 transition-colors' : undefined}
        >
          <td className={TD}>
            <div className="mb-2">
              <Folio venta={venta} isNew={highlighted.has(venta._id)} />
            </div>
            <OrdenItems venta={venta} />
          </td>
          <td className={TD}>
            <Cliente venta={venta} />
          </td>
          <td className={`${TD} font-semibold whitespace-nowrap text-slate-900`}>{formatMoney(venta.total)}</td>
          <td className={TD}>
            <Fecha fecha={venta.fecha} />
          </td>
          <td className={TD}>
            <PagoCell venta={venta} />
          </td>
          <td className={TD}>
            <EntregaChip entrega={venta.entrega} />
            <PartlyReturned venta={venta} />
            <Revisar venta={venta} />
          </td>
          <td className={`${TD} text-right`}>
            <div className="flex flex-col items-end gap-2">
              <Gestionar venta={venta} onOpen={onOpen} />
              <DevolucionButton venta={venta} onDevolucion={onDevolucion} />
              <TicketLink venta={venta} compact />
            </div>
          </td>
        </tr>
      ))}
    </VentasTable>
  )
}

/** The orders of a page as cards (tablets and phones). */
export function OrdenCards({ ordenes, highlighted, onOpen, onDevolucion }: RowsProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {ordenes.map((venta) => (
        <li
          key={venta._id}
          data-testid="orden"
          data-folio={venta.folio}
          className={`flex flex-col rounded-2xl border bg-white p-4 shadow-sm ${highlighted.has(venta._id) ? 'border-teal-400 ring-2 ring-teal-300' : 'border-slate-200'}`}
        >
          <CardTop fecha={venta.fecha}>
            <Folio venta={venta} isNew={highlighted.has(venta._id)} />
            <p className="text-lg font-bold text-slate-900">{formatMoney(venta.total)}</p>
          </CardTop>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <OrdenItems venta={venta} />
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <Cliente venta={venta} />
          </div>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
            <div className="flex flex-wrap items-start gap-4">
              <CardPart label="Pago">
                <PagoCell venta={venta} />
              </CardPart>
              <CardPart label="Entregado">
                <EntregaChip entrega={venta.entrega} />
                <PartlyReturned venta={venta} />
                <Revisar venta={venta} />
              </CardPart>
            </div>
            <div className="flex flex-wrap gap-2">
              <TicketLink venta={venta} />
              <DevolucionButton venta={venta} onDevolucion={onDevolucion} />
              <Gestionar venta={venta} onOpen={onOpen} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
