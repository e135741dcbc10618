import { ProductoImage } from '@/components/producto-image'
import { formatDayMonYear } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { FacturaBadge } from '@/features/sales/components/factura-badge'
import { CardPart, CardTop, Fecha, GestionarButton, VentasTable } from '@/features/sales/components/ventas-list'
import { StatusChip } from '@/components/status-chip'
import { EntregaChip } from '@/features/sales/components/status'
import { ProveedorLine } from '@/features/sales/components/proveedor-line'
import { itemDetail } from '@/features/sales/helpers'
import type { Venta } from '@/features/sales/types'

function Transaccion({ sale }: { sale: Venta }) {
  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-500">
        Folio {sale.folio}
        <FacturaBadge sale={sale} />
      </p>
      <ul className="space-y-2">
        {sale.carrito.map((item, i) => {
          const detail = itemDetail(item)
          return (
            <li key={`${item._id}-${i}`} className="flex items-center gap-3">
              <ProductoImage src={item.imagen} alt="" compact className="h-11 w-11 shrink-0 rounded-lg" />
              <div className="min-w-0 text-sm">
                <p className="leading-snug font-medium text-slate-900">{item.nombre}</p>
                <p className="text-xs text-slate-500">
                  {detail ? `${detail} · ` : ''}
                  {item.cantidad} × {formatMoney(item.precioFinal)}
                </p>
                <ProveedorLine item={item} sale={sale} />
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function Comprador({ sale }: { sale: Venta }) {
  return (
    <div className="space-y-0.5 text-sm wrap-anywhere">
      <p className="font-semibold text-slate-900">{sale.usuario?.name || sale.cliente}</p>
      {sale.usuario?.email ? <p className="text-slate-600">{sale.usuario.email}</p> : null}
      {sale.usuario?.phone ? <p className="text-slate-600">{sale.usuario.phone}</p> : null}
      {sale.usuario?.address ? <p className="text-xs text-slate-500">{sale.usuario.address}</p> : null}
    </div>
  )
}

/** Who ordered ('Quien Ordena', the name given at the counter), beside the account's name. */
function QuienOrdena({ sale }: { sale: Venta }) {
  return <p className="text-sm font-medium wrap-anywhere text-slate-900">{sale.cliente || '—'}</p>
}

function EnvioInfo({ sale }: { sale: Venta }) {
  const envio = sale.envio
  if (!envio) return <p className="text-sm text-slate-500">Sin envío registrado</p>
  return (
    <dl className="space-y-0.5 text-sm" data-testid="envio">
      <dt className="sr-only">Estado</dt>
      <dd>
        <StatusChip tone={envio.status === 'Entregado' ? 'success' : envio.status === 'Devuelto' ? 'neutral' : 'info'}>
          {envio.status || 'Sin estado'}
        </StatusChip>
      </dd>
      {envio.fecha ? (
        <>
          <dt className="sr-only">Fecha</dt>
          <dd className="text-xs text-slate-500">{formatDayMonYear(envio.fecha)}</dd>
        </>
      ) : null}
      <dt className="sr-only">Empresa</dt>
      <dd className="font-medium text-slate-800">{envio.empresa || '—'}</dd>
      <dt className="sr-only">Guía</dt>
      <dd className="text-slate-700">Guía: {envio.guia || '—'}</dd>
      <dt className="sr-only">Costo de envío</dt>
      <dd className="text-slate-700">
        Costo: {formatMoney(envio.costoEnvio ?? 0)} + IVA
        {(envio.costoEnvio ?? 0) > 0 ? (
          <span className="block text-xs text-slate-500">{envio.cobrarEnvio ? 'Cobrado al cliente' : 'No cobrado al cliente'}</span>
        ) : null}
      </dd>
      {envio.observaciones ? (
        <>
          <dt className="sr-only">Observaciones</dt>
          <dd className="text-xs whitespace-pre-line text-slate-500">{envio.observaciones}</dd>
        </>
      ) : null}
    </dl>
  )
}

function Gestionar({ sale, onOpen }: { sale: Venta; onOpen: (s: Venta) => void }) {
  return <GestionarButton sale={sale} onOpen={onOpen} label={`Gestionar envío ${sale.folio}`} className="px-4" />
}

const TH = 'px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2 py-4 align-top'

/** The sales of a page as a wide table (the original columns, plus 'Quien Ordena'). */
export function EnviosTable({ sales, onOpen }: { sales: Venta[]; onOpen: (s: Venta) => void }) {
  return (
    <VentasTable
      className="min-w-[940px]"
      th={TH}
      headers={[
        { label: 'Transacción', className: 'w-[24%]' },
        { label: 'Fecha' },
        { label: 'Estado' },
        { label: 'Total' },
        { label: 'Comprador' },
        { label: 'Quien Ordena' },
        { label: 'Envio', className: 'w-[16%]' },
      ]}
    >
      {sales.map((sale) => (
        <tr key={sale._id} data-testid="envio-venta" data-folio={sale.folio}>
          <td className={TD}>
            <Transaccion sale={sale} />
          </td>
          <td className={TD}>
            <Fecha fecha={sale.fecha} />
          </td>
          <td className={TD}>
            <EntregaChip entrega={sale.entrega} />
            <span className="mt-1 block text-xs text-slate-500">Pago: {sale.pago}</span>
          </td>
          <td className={`${TD} font-semibold whitespace-nowrap`}>{formatMoney(sale.total)}</td>
          <td className={TD}>
            <Comprador sale={sale} />
          </td>
          <td className={TD}>
            <QuienOrdena sale={sale} />
          </td>
          <td className={TD}>
            <EnvioInfo sale={sale} />
          </td>
          <td className={`${TD} text-right`}>
            <Gestionar sale={sale} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </VentasTable>
  )
}

/** The sales of a page as cards (tablets and phones). */
export function EnvioCards({ sales, onOpen }: { sales: Venta[]; onOpen: (s: Venta) => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {sales.map((sale) => (
        <li
          key={sale._id}
          data-testid="envio-venta"
          data-folio={sale.folio}
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <CardTop fecha={sale.fecha}>
            <p className="text-lg font-bold text-slate-900">{formatMoney(sale.total)}</p>
            <EntregaChip entrega={sale.entrega} />
          </CardTop>
          <div className="border-t border-slate-100 pt-3">
            <Transaccion sale={sale} />
          </div>
          <div className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
            <CardPart label="Comprador">
              <Comprador sale={sale} />
            </CardPart>
            <CardPart label="Quien Ordena">
              <QuienOrdena sale={sale} />
            </CardPart>
            <CardPart label="Envio">
              <EnvioInfo sale={sale} />
            </CardPart>
          </div>
          <div className="flex justify-end border-t border-slate-100 pt-3">
            <Gestionar sale={sale} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  )
}
