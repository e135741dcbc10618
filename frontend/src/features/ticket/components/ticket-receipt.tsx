import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { Tienda } from '@/lib/config'
import type { VentaItem } from '@/lib/venta'
import { ticketDate } from '@/features/ticket/paper'
import type { TicketVenta } from '@/features/ticket/types'

/** A line's total: its unit price (before IVA) times the units, to the centavo. */
function lineTotal(item: VentaItem): number {
  return (Math.round(item.precioFinal * 100) * item.cantidad) / 100
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`ticket-row${strong ? ' ticket-strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** Where a customer invoices the sale: this site's /facturar. */
function facturarUrl(): string {
  return typeof window === 'undefined' ? '/facturar' : `${window.location.host}/facturar`
}

function Line({ item }: { item: VentaItem }) {
  const talla = item.talla && item.talla !== 'Unico' ? ` (${item.talla})` : ''
  return (
    <li className="ticket-line" data-testid="ticket-line">
      <p className="ticket-name">
        {item.nombre}
        {talla}
      </p>
      {item.extras && item.extras.length > 0 ? <p className="ticket-extras">+ {item.extras.map((e) => e.nombre).join(', ')}</p> : null}
      {item.entrega ? (
        <p className="ticket-extras" data-testid="ticket-entrega">
          {item.entrega}
        </p>
      ) : null}
      <div className="ticket-row">
        <span>
          {item.cantidad} x {formatMoney(item.precioFinal)}
        </span>
        <span>{formatMoney(lineTotal(item))}</span>
      </div>
    </li>
  )
}

/**
 * The receipt of a sale: the shop, the sale (folio, date in Mexico City, who ordered), its lines,
 * subtotal, IVA and total, how it is paid and whether it is. Drawn in millimetres for the paper
 * (ticket.css), in a monospace font.
 */
export function TicketReceipt({ venta, tienda }: { venta: TicketVenta; tienda?: Tienda }) {
  return (
    <article className="ticket" data-testid="ticket" aria-label={`Ticket de la venta ${venta.folio}`}>
      <header className="ticket-center">
        <p className="ticket-strong ticket-big">{tienda?.nombre || 'Tienda de Seguridad y Redes'}</p>
        {tienda?.direccion ? <p>{tienda.direccion}</p> : null}
        {tienda?.telefono ? <p>Tel. {tienda.telefono}</p> : null}
      </header>
      <hr />
      <dl>
        <Row label="Folio" value={venta.folio} />
        <Row label="Fecha" value={ticketDate(formatDateTime(venta.fecha))} />
        <Row label="Quien Ordena" value={venta.cliente || venta.usuario?.name || '—'} />
        {venta.nombreCreador ? <Row label="Registró" value={venta.nombreCreador} /> : null}
      </dl>
      <hr />
      <ul aria-label="Productos">
        {venta.carrito.map((item, i) => (
          <Line key={`${item._id}-${i}`} item={item} />
        ))}
      </ul>
      <hr />
      <dl>
        <Row label="Subtotal" value={formatMoney(venta.subtotal)} />
        <Row label="IVA 16%" value={formatMoney(venta.iva)} />
        <Row label="TOTAL" value={formatMoney(venta.total)} strong />
      </dl>
      <hr />
      <dl>
        <Row label="Método de pago" value={venta.metodoPago || '—'} />
        <Row label="Pago" value={venta.pago === 'Pagado' ? 'Pagado' : 'Pendiente de pago'} />
        <Row label="Entrega" value={venta.entrega} />
      </dl>
      <footer className="ticket-center ticket-foot">
        <p>Precios unitarios sin IVA.</p>
        <p>¡Gracias por tu compra!</p>
        <p>Factura tu compra con el folio y el total en {facturarUrl()}</p>
      </footer>
    </article>
  )
}
