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

function Transaccion({ venta }: { venta: Venta }) {
  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-500">
        Folio {venta.folio}
        <FacturaBadge venta={venta} />
      </p>
      <ul className="space-y-2">
        {venta.carrito.map((item, i) => {
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
                <ProveedorLine item={item} venta={venta} />
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function Comprador({ venta }: { venta: Venta }) {
  return (
    <div className="space-y-0.5 text-sm wrap-anywhere">
      <p className="font-semibold text-slate-900">{venta.usuario?.name || venta.cliente}</p>
      {venta.usuario?.email ? <p className="text-slate-600">{venta.usuario.email}</p> : null}
      {venta.usuario?.phone ? <p className="text-slate-600">{venta.usuario.phone}</p> : null}
      {venta.usuario?.address ? <p className="text-xs text-slate-500">{venta.usuario.address}</p> : null}
    </div>
  )
}

/** Who ordered ('Quien Ordena', the name given at the counter), beside the account's name. */
function QuienOrdena({ venta }: { venta: Venta }) {
  return <p className="text-sm font-medium wrap-anywhere text-slate-900">{venta.cliente || '—'}</p>
}

function EnvioInfo({ venta }: { venta: Venta }) {
  const envio = venta.envio
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

function Gestionar({ venta, onOpen }: { venta: Venta; onOpen: (s: Venta) => void }) {
  return <GestionarButton venta={venta} onOpen={onOpen} label={`Gestionar envío ${venta.folio}`} className="px-4" />
}

const TH = 'px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2 py-4 align-top'

/** The sales of a page as a wide table (the original columns, plus 'Quien Ordena'). */
export function EnviosTable({ ventas, onOpen }: { ventas: Venta[]; onOpen: (s: Venta) => void }) {
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
      {ventas.map((venta) => (
        <tr key={venta._id} data-testid="envio-venta" data-folio={venta.folio}>
          <td className={TD}>
            <Transaccion venta={venta} />
          </td>
          <td className={TD}>
            <Fecha fecha={venta.fecha} />
          </td>
          <td className={TD}>
            <EntregaChip entrega={venta.entrega} />
            <span className="mt-1 block text-xs text-slate-500">Pago: {venta.pago}</span>
          </td>
          <td className={`${TD} font-semibold whitespace-nowrap`}>{formatMoney(venta.total)}</td>
          <td className={TD}>
            <Comprador venta={venta} />
          </td>
          <td className={TD}>
            <QuienOrdena venta={venta} />
          </td>
          <td className={TD}>
            <EnvioInfo venta={venta} />
          </td>
          <td className={`${TD} text-right`}>
            <Gestionar venta={venta} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </VentasTable>
  )
}

/** The sales of a page as cards (tablets and phones). */
export function EnvioCards({ ventas, onOpen }: { ventas: Venta[]; onOpen: (s: Venta) => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {ventas.map((venta) => (
        <li
          key={venta._id}
          data-testid="envio-venta"
          data-folio={venta.folio}
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <CardTop fecha={venta.fecha}>
            <p className="text-lg font-bold text-slate-900">{formatMoney(venta.total)}</p>
            <EntregaChip entrega={venta.entrega} />
          </CardTop>
          <div className="border-t border-slate-100 pt-3">
            <Transaccion venta={venta} />
          </div>
          <div className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
            <CardPart label="Comprador">
              <Comprador venta={venta} />
            </CardPart>
            <CardPart label="Quien Ordena">
              <QuienOrdena venta={venta} />
            </CardPart>
            <CardPart label="Envio">
              <EnvioInfo venta={venta} />
            </CardPart>
          </div>
          <div className="flex justify-end border-t border-slate-100 pt-3">
            <Gestionar venta={venta} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  )
}
