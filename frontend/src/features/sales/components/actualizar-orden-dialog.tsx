import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { SelectField, TextAreaField } from '@/components/form-field'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import { useUpdateOrdenMutation } from '@/features/sales/api'
import { cambioText } from '@/features/sales/helpers'
import { NotaCredito } from '@/features/sales/components/nota-credito'
import {
  ENTREGA_VALUES,
  METODO_VALUES,
  PAGO_VALUES,
  type Entrega,
  type MetodoPago,
  type OrdenUpdate,
  type Pago,
  type Venta,
} from '@/features/sales/types'

type Props = {
  venta: Venta
  /** Cajero and Administrador may change pago and metodoPago. */
  canCharge: boolean
  onClose: () => void
  onSaved: (venta: Venta) => void
}

/**
 * The deliveries staff set by hand: 'Devuelto' comes only from a return ('Devolución'), and is
 * shown only for a sale that has it.
 */
function entregaOptions(current: Entrega): readonly Entrega[] {
  return ENTREGA_VALUES.filter((e) => e !== 'Devuelto' || current === 'Devuelto')
}

/** 'Actualizar Orden': pago and metodoPago (cash desk only), entrega and observaciones; its returns and history. */
export function ActualizarOrdenDialog({ venta, canCharge, onClose, onSaved }: Props) {
  const [pago, setPago] = useState<Pago>(venta.pago)
  const [metodoPago, setMetodoPago] = useState<MetodoPago>(venta.metodoPago || 'Efectivo')
  const [entrega, setEntrega] = useState<Entrega>(venta.entrega)
  const [observaciones, setObservaciones] = useState(venta.observaciones ?? '')
  const [update, { isLoading, error }] = useUpdateOrdenMutation()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const changes: OrdenUpdate = {}
    if (canCharge && pago !== venta.pago) changes.pago = pago
    if (canCharge && metodoPago !== venta.metodoPago) changes.metodoPago = metodoPago
    if (entrega !== venta.entrega) changes.entrega = entrega
    if (observaciones !== (venta.observaciones ?? '')) changes.observaciones = observaciones
    if (Object.keys(changes).length === 0) {
      onClose()
      return
    }
    try {
      onSaved(await update({ id: venta._id, changes }).unwrap())
    } catch {
      // The message stays on screen (below); the dialog stays open.
    }
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Actualizar Orden"
      description={
        <span>
          Folio <strong className="text-slate-800">{venta.folio}</strong> · {venta.cliente || venta.usuario.name} ·{' '}
          {formatMoney(venta.total)}
        </span>
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Guardar"
      busyLabel="Guardando…"
      className="max-h-[60vh] space-y-4 overflow-y-auto pr-1"
    >
      {venta.revisar ? (
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong className="block">Revisar</strong>
          {venta.revisar}
        </p>
      ) : null}
      {venta.factura ? (
        <p role="note" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <strong className="block">{venta.factura.tipo === 'global' ? 'En factura global' : 'Facturada'}</strong>
          El pago, el método de pago y la devolución no cambian mientras su factura esté vigente. Para cambiarlos, cancela
          primero la factura en Facturas.
        </p>
      ) : null}
      {canCharge ? (
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Pago" options={PAGO_VALUES} value={pago} onChange={(e) => setPago(e.target.value as Pago)} />
          <SelectField
            label="Método de pago"
            options={METODO_VALUES}
            value={metodoPago}
            onChange={(e) => setMetodoPago(e.target.value as MetodoPago)}
          />
        </div>
      ) : null}
      <SelectField label="Entrega" options={entregaOptions(venta.entrega)} value={entrega} onChange={(e) => setEntrega(e.target.value as Entrega)} />
      <TextAreaField
        label="Observaciones"
        rows={3}
        maxLength={1000}
        value={observaciones}
        onChange={(e) => setObservaciones(e.target.value)}
      />
      <ErrorNote>{errorText(error, 'Error al actualizar una venta')}</ErrorNote>
      <OrdenDevoluciones venta={venta} />
      <OrdenHistory venta={venta} />
    </FormDialog>
  )
}

/** 'Historial': the order's recorded changes, newest first. */
function OrdenHistory({ venta }: { venta: Venta }) {
  const historial = [...(venta.historial ?? [])].reverse()
  return (
    <section aria-label="Historial de la orden">
      <h3 className="text-sm font-semibold text-slate-800">Historial</h3>
      {historial.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">Sin cambios registrados.</p>
      ) : (
        <ol className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3 text-xs text-slate-600">
          {historial.map((c, i) => {
            const { label, de, a } = cambioText(c)
            return (
              <li key={i}>
                <span className="font-medium text-slate-800">{formatDateTime(c.fecha)}</span> · {c.nombre || 'Sistema'} · {label}:{' '}
                <span className="text-slate-500">{de}</span> → <strong>{a}</strong>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** 'Devoluciones': each return of the sale, oldest first: when, who, the units of each line, the refund and why. */
function OrdenDevoluciones({ venta }: { venta: Venta }) {
  const devoluciones = venta.devoluciones ?? []
  if (devoluciones.length === 0) return null
  return (
    <section aria-label="Devoluciones de la orden">
      <h3 className="text-sm font-semibold text-slate-800">Devoluciones</h3>
      <ol className="mt-2 space-y-2 text-sm">
        {devoluciones.map((d) => (
          <li key={d._id} className="rounded-xl border border-slate-200 px-3 py-2" data-testid="devolucion">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="text-slate-600">
                {formatDateTime(d.fecha)} · {d.nombre}
              </span>
              <strong className="tabular-nums text-slate-900">
                {formatMoney(d.monto)} en {d.metodo}
              </strong>
            </p>
            <ul className="mt-1 text-slate-700">
              {d.lineas.map((l) => (
                <li key={`${l.idOrden}-${l.indice}`}>
                  {l.cantidad} {l.cantidad === 1 ? 'pieza' : 'piezas'} de {venta.carrito[l.indice]?.nombre ?? 'un artículo'} ·{' '}
                  <span className="tabular-nums">{formatMoney(l.monto)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-slate-600">Motivo: {d.motivo}</p>
            <NotaCredito nota={d.notaCredito} />
          </li>
        ))}
      </ol>
    </section>
  )
}
