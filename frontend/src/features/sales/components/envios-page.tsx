import { useState } from 'react'
import { ErrorNote } from '@/components/error-note'
import { ProductImage } from '@/components/product-image'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatDayMonYear, shiftDay, shopToday } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useGetSalesBetweenQuery } from '@/features/sales/api'
import { ActualizarEnvioDialog } from '@/features/sales/components/actualizar-envio-dialog'
import { DateRangeForm } from '@/features/sales/components/date-range-form'
import { CardPart, CardTop, EmptyList, Fecha, GestionarButton, Notice, SalesTable } from '@/features/sales/components/sale-list'
import { EntregaChip, StatusChip } from '@/features/sales/components/status'
import { itemDetail } from '@/features/sales/helpers'
import type { DateRange, Sale } from '@/features/sales/types'
import { useNotice } from '@/features/sales/use-notice'

/** The shipments list opens on the last 30 days, most recent first. */
const DEFAULT_DAYS = 30

function Transaccion({ sale }: { sale: Sale }) {
  return (
    <div>
      <p className="mb-2 text-xs font-semibold text-slate-500">Folio {sale.folio}</p>
      <ul className="space-y-2">
        {sale.carrito.map((item, i) => {
          const detail = itemDetail(item)
          return (
            <li key={`${item._id}-${i}`} className="flex items-center gap-3">
              <ProductImage src={item.imagen} alt="" compact className="h-11 w-11 shrink-0 rounded-lg" />
              <div className="min-w-0 text-sm">
                <p className="leading-snug font-medium text-slate-900">{item.nombre}</p>
                <p className="text-xs text-slate-500">
                  {detail ? `${detail} · ` : ''}
                  {item.cantidad} × {formatMoney(item.precioFinal)}
                </p>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function Comprador({ sale }: { sale: Sale }) {
  return (
    <div className="space-y-0.5 text-sm break-words">
      <p className="font-semibold text-slate-900">{sale.usuario?.name || sale.cliente}</p>
      {sale.usuario?.email ? <p className="text-slate-600">{sale.usuario.email}</p> : null}
      {sale.usuario?.phone ? <p className="text-slate-600">{sale.usuario.phone}</p> : null}
      {sale.usuario?.address ? <p className="text-xs text-slate-500">{sale.usuario.address}</p> : null}
    </div>
  )
}

function EnvioInfo({ sale }: { sale: Sale }) {
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
      <dd className="text-slate-700">Costo: {formatMoney(envio.costoEnvio ?? 0)}</dd>
      {envio.observaciones ? (
        <>
          <dt className="sr-only">Observaciones</dt>
          <dd className="text-xs whitespace-pre-line text-slate-500">{envio.observaciones}</dd>
        </>
      ) : null}
    </dl>
  )
}

function Gestionar({ sale, onOpen }: { sale: Sale; onOpen: (s: Sale) => void }) {
  return <GestionarButton sale={sale} onOpen={onOpen} label={`Gestionar envío ${sale.folio}`} className="px-4" />
}

const TH = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-3 py-4 align-top'

function EnviosTable({ sales, onOpen }: { sales: Sale[]; onOpen: (s: Sale) => void }) {
  return (
    <SalesTable
      className="min-w-[960px]"
      th={TH}
      headers={[
        { label: 'Transacción', className: 'w-[28%]' },
        { label: 'Fecha' },
        { label: 'Estado' },
        { label: 'Total' },
        { label: 'Comprador' },
        { label: 'Envio', className: 'w-[18%]' },
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
            <EnvioInfo sale={sale} />
          </td>
          <td className={`${TD} text-right`}>
            <Gestionar sale={sale} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </SalesTable>
  )
}

function EnvioCards({ sales, onOpen }: { sales: Sale[]; onOpen: (s: Sale) => void }) {
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

/** `/ventas/envios` 'Reporte de envíos' (Auxiliar, Administrador). */
export function EnviosPage() {
  useDocumentTitle('Reporte de envíos')
  const wide = useMediaQuery(WIDE)
  const [range, setRange] = useState<DateRange>(() => {
    const today = shopToday()
    return { startDate: shiftDay(today, DEFAULT_DAYS), endDate: today }
  })
  const { data, error, isLoading, isFetching, refetch } = useGetSalesBetweenQuery(range, {
    refetchOnMountOrArgChange: true,
  })
  const sales = [...(data ?? [])].reverse()
  const [editing, setEditing] = useState<Sale | null>(null)
  const [notice, setNotice] = useNotice()

  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">Reporte de envíos</h1>
      <div className="mt-6">
        <DateRangeForm
          initial={range}
          submitLabel="Filtrar envíos"
          busy={isFetching}
          onSubmit={(next) => {
            if (next.startDate === range.startDate && next.endDate === range.endDate) refetch()
            else setRange(next)
          }}
        />
      </div>
      <Notice text={notice} />
      <div className="mt-6">
        {error ? <ErrorNote>{errorText(error, 'Error al filtrar las ventas')}</ErrorNote> : null}
        {isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : !error && sales.length === 0 ? (
          <EmptyList>No hay ventas</EmptyList>
        ) : wide ? (
          <EnviosTable sales={sales} onOpen={setEditing} />
        ) : (
          <EnvioCards sales={sales} onOpen={setEditing} />
        )}
      </div>
      {editing ? (
        <ActualizarEnvioDialog
          key={editing._id}
          sale={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(`Envío de la orden ${saved.folio} actualizado.`)
          }}
        />
      ) : null}
    </section>
  )
}
