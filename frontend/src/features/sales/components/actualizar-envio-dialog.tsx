import { useId, useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField, SelectField, TextAreaField } from '@/components/form-field'
import { errorText } from '@/lib/api-errors'
import { formatMoney } from '@/lib/money'
import { useUpdateEnvioMutation } from '@/features/sales/api'
import { shippingCharge } from '@/features/sales/helpers'
import { ENVIO_STATUS_VALUES, type Venta } from '@/features/sales/types'

type Props = { venta: Venta; onClose: () => void; onSaved: (venta: Venta) => void }

/** A typed amount in pesos, or null when it is not one (up to two decimals, 0 to 1,000,000). */
function parseCosto(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (t === '') return 0
  const n = Number(t)
  return /^\d*(\.\d{0,2})?$/.test(t) && Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : null
}

/**
 * 'Actualizar Envio': status, empresa, guía, costo de envío (before IVA), whether the customer pays
 * it, and observaciones (PATCH ventas/{id}). A charged shipment is a line of the sale: the dialog
 * shows the sale's total with it. A paid sale's total cannot change, so its charge is fixed.
 */
export function ActualizarEnvioDialog({ venta, onClose, onSaved }: Props) {
  const current = venta.envio
  const [status, setStatus] = useState(current?.status || 'Enviado')
  const [empresa, setEmpresa] = useState(current?.empresa ?? '')
  const [guia, setGuia] = useState(current?.guia ?? '')
  const [costo, setCosto] = useState(current ? String(current.costoEnvio ?? 0) : '')
  const [cobrar, setCobrar] = useState(Boolean(current?.cobrarEnvio))
  const [observaciones, setObservaciones] = useState(current?.observaciones ?? '')
  const [problem, setProblem] = useState('')
  const [update, { isLoading, error }] = useUpdateEnvioMutation()
  const statuses: string[] = [...ENVIO_STATUS_VALUES]
  if (status && !statuses.includes(status)) statuses.unshift(status)
  const costoEnvio = parseCosto(costo)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (costoEnvio === null) {
      setProblem('El costo de envío debe ser un importe en pesos (por ejemplo 150 o 150.50).')
      return
    }
    setProblem('')
    try {
      const saved = await update({
        id: venta._id,
        envio: { status, empresa: empresa.trim(), guia: guia.trim(), costoEnvio, cobrarEnvio: cobrar, observaciones },
      }).unwrap()
      onSaved(saved)
    } catch {
      // Shown below; the dialog stays open with what was typed.
    }
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Actualizar Envio"
      description={
        <span>
          Folio <strong className="text-slate-800">{venta.folio}</strong> · {venta.usuario?.name || venta.cliente}
        </span>
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Guardar"
      busyLabel="Guardando…"
      className="max-h-[60vh] space-y-4 overflow-y-auto pr-1"
    >
      <SelectField label="Estado del envío" options={statuses} value={status} onChange={(e) => setStatus(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Empresa de paquetería"
          value={empresa}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => setEmpresa(e.target.value)}
        />
        <FormField label="Guía de rastreo" value={guia} maxLength={80} autoComplete="off" onChange={(e) => setGuia(e.target.value)} />
      </div>
      <FormField
        label="Costo de envío (sin IVA)"
        inputMode="decimal"
        placeholder="0.00"
        value={costo}
        onChange={(e) => setCosto(e.target.value)}
        aria-invalid={Boolean(problem) || undefined}
      />
      <CobrarEnvio venta={venta} costoEnvio={costoEnvio} cobrar={cobrar} onChange={setCobrar} />
      <TextAreaField
        label="Observaciones"
        className="resize-y"
        rows={6}
        maxLength={1000}
        value={observaciones}
        onChange={(e) => setObservaciones(e.target.value)}
      />
      {problem ? <ErrorNote>{problem}</ErrorNote> : null}
      <ErrorNote>{errorText(error, 'Error al actualizar una venta')}</ErrorNote>
    </FormDialog>
  )
}

type CobrarProps = { venta: Venta; costoEnvio: number | null; cobrar: boolean; onChange: (cobrar: boolean) => void }

/** 'Cobrar el envío al cliente', and what the customer then pays: the shipment with its IVA and the sale's total. */
function CobrarEnvio({ venta, costoEnvio, cobrar, onChange }: CobrarProps) {
  const cobrarId = useId()
  const paid = venta.pago === 'Pagado'
  const charge = costoEnvio === null ? null : shippingCharge(venta, costoEnvio, cobrar)
  return (
    <div className="space-y-1">
      <label htmlFor={cobrarId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          id={cobrarId}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300"
          checked={cobrar}
          disabled={paid}
          onChange={(e) => onChange(e.target.checked)}
        />
        Cobrar el envío al cliente
      </label>
      {paid ? (
        <p className="text-xs text-slate-500">La venta ya está pagada: su total ya no cambia, así que el cobro del envío queda como está (el envío se cobra antes de registrar el pago).</p>
      ) : null}
      {charge ? (
        <p className="text-sm text-slate-700" data-testid="envio-total">
          {cobrar && charge.base > 0
            ? `Envío ${formatMoney(charge.base)} + IVA ${formatMoney(charge.iva)} = ${formatMoney(charge.total)}. `
            : (costoEnvio ?? 0) > 0
              ? 'No cobrado al cliente: es un gasto de la tienda. '
              : ''}
          Total de la venta: <strong>{formatMoney(charge.saleTotal)}</strong>
        </p>
      ) : null}
    </div>
  )
}
