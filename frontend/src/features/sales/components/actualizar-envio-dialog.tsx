import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField, SelectField, TextAreaField } from '@/components/form-field'
import { errorText } from '@/lib/api-errors'
import { useUpdateEnvioMutation } from '@/features/sales/api'
import { ENVIO_STATUS_VALUES, type Sale } from '@/features/sales/types'

type Props = { sale: Sale; onClose: () => void; onSaved: (sale: Sale) => void }

/** 'Actualizar Envio': status, empresa, guía, costo de envío and observaciones (PATCH ventas/{id}). */
export function ActualizarEnvioDialog({ sale, onClose, onSaved }: Props) {
  const current = sale.envio
  const [status, setStatus] = useState(current?.status || 'Enviado')
  const [empresa, setEmpresa] = useState(current?.empresa ?? '')
  const [guia, setGuia] = useState(current?.guia ?? '')
  const [costo, setCosto] = useState(current ? String(current.costoEnvio ?? 0) : '')
  const [observaciones, setObservaciones] = useState(current?.observaciones ?? '')
  const [problem, setProblem] = useState('')
  const [update, { isLoading, error }] = useUpdateEnvioMutation()
  const statuses: string[] = [...ENVIO_STATUS_VALUES]
  if (status && !statuses.includes(status)) statuses.unshift(status)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = costo.trim().replace(',', '.')
    const costoEnvio = text === '' ? 0 : Number(text)
    if (!Number.isFinite(costoEnvio) || costoEnvio < 0 || costoEnvio > 1_000_000 || !/^\d*(\.\d{0,2})?$/.test(text)) {
      setProblem('El costo de envío debe ser un importe en pesos (por ejemplo 150 o 150.50).')
      return
    }
    setProblem('')
    try {
      const saved = await update({
        id: sale._id,
        envio: { status, empresa: empresa.trim(), guia: guia.trim(), costoEnvio, observaciones },
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
          Folio <strong className="text-slate-800">{sale.folio}</strong> · {sale.usuario?.name || sale.cliente}
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
        label="Costo de envío"
        inputMode="decimal"
        placeholder="0.00"
        value={costo}
        onChange={(e) => setCosto(e.target.value)}
        aria-invalid={Boolean(problem) || undefined}
      />
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
