import { ProductoImage } from '@/components/producto-image'
import { formatMoney } from '@/lib/money'
import { truncate } from '@/lib/text'
import { errorText } from '@/lib/api-errors'
import { useMediaQuery } from '@/lib/use-media-query'
import { useToggleEntregadoMutation } from '@/features/sales/api'
import { ProveedorLine } from '@/features/sales/components/proveedor-line'
import { itemDetail } from '@/features/sales/helpers'
import type { Venta } from '@/features/sales/types'

/** One switch; the label names the item so a screen reader (and a test) can tell them apart. */
function DeliveredSwitch({ on, label, onToggle, busy }: { on: boolean; label: string; onToggle: () => void; busy: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={onToggle}
      className="group -m-2 inline-flex shrink-0 flex-col items-center gap-0.5 rounded-xl p-2 focus-visible:outline-2 focus-visible:outline-teal-500"
    >
      <span
        className={`relative inline-flex h-7 w-12 items-center rounded-full transition ${on ? 'bg-emerald-500' : 'bg-slate-300 group-hover:bg-slate-400'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </span>
      <span className={`text-[11px] leading-none font-medium ${on ? 'text-emerald-700' : 'text-slate-500'}`}>
        {on ? 'Entregado' : 'Pendiente'}
      </span>
    </button>
  )
}

/** 'Orden' column: the cart items, each with its delivered toggle (PATCH ventas/order/{saleId}). */
export function OrdenItems({ venta }: { venta: Venta }) {
  const narrow = useMediaQuery('(max-width: 767px)')
  const [toggle, { isLoading, error, originalArgs }] = useToggleEntregadoMutation()
  return (
    <div>
      <ul className="space-y-2">
        {venta.carrito.map((item, index) => {
          const detail = itemDetail(item)
          const extras = (item.extras ?? []).map((e) => e.nombre).join(', ')
          const name = narrow ? truncate(item.nombre, 25) : item.nombre
          return (
            <li key={`${item._id}-${index}`} className="flex items-center gap-3">
              <ProductoImage src={item.imagen} alt="" compact className="h-11 w-11 shrink-0 rounded-lg bg-white" />
              <div className="min-w-0 flex-1">
                <p className="text-sm leading-snug font-medium text-slate-900" title={item.nombre}>
                  <span className="mr-1 font-bold text-brand-800">{item.cantidad}×</span>
                  {name}
                </p>
                {detail || extras ? (
                  <p className="text-xs text-slate-500">
                    {detail}
                    {detail && extras ? ' · ' : ''}
                    {extras ? `Extras: ${extras}` : ''}
                  </p>
                ) : null}
                <p className="text-xs text-slate-500">{formatMoney(item.precioFinal * item.cantidad)}</p>
                <ProveedorLine item={item} venta={venta} />
                {item.devueltos ? (
                  <p className="text-xs font-medium text-rose-700">
                    Devueltas: {item.devueltos} de {item.cantidad}
                  </p>
                ) : null}
              </div>
              {item.envio ? (
                // A charged shipment: its status is the shipment's ('Actualizar Envio'), not a delivered flag.
                <span className="shrink-0 text-[11px] font-medium text-slate-500">Envío</span>
              ) : (
                <DeliveredSwitch
                  on={item.entregado}
                  label={`Entregado: ${item.nombre}`}
                  busy={isLoading && originalArgs?.itemId === item._id}
                  onToggle={() => {
                    toggle({ venta, itemId: item._id, nombre: item.nombre })
                  }}
                />
              )}
            </li>
          )
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {errorText(error, 'Error al actualizar una venta')}
        </p>
      ) : null}
    </div>
  )
}
