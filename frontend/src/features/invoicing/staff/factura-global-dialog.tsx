import { useState } from 'react'
import { Dialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField } from '@/components/form-field'
import { apiErrorMessage, errorStatus, errorText } from '@/lib/api-errors'
import { shopToday } from '@/lib/dates'
import { useCreateFacturaGlobalMutation, useLazyPreviewFacturaGlobalQuery } from '@/features/invoicing/api'
import { GlobalPreview } from '@/features/invoicing/staff/global-preview'
import { useFacturaFiles } from '@/features/invoicing/staff/use-factura-files'
import type { Factura, Periodicidad } from '@/features/invoicing/types'

/** Already invoiced (409): the server's words, or these. */
const YA_FACTURADAS = 'Las ventas de este periodo ya están facturadas.'

function emitError(error: Parameters<typeof errorText>[0]): string {
  if (!error) return ''
  if (errorStatus(error) === 409) return apiErrorMessage(error, YA_FACTURADAS)
  return errorText(error, 'Error al emitir la factura global')
}

function useGlobalForm(initial: Periodicidad) {
  const today = shopToday()
  const [periodicidad, setPeriodicidad] = useState<Periodicidad>(initial)
  const [dia, setDia] = useState(today)
  const [mes, setMes] = useState(today.slice(0, 7))
  const fecha = periodicidad === 'dia' ? dia : mes
  const [load, preview] = useLazyPreviewFacturaGlobalQuery()
  const [emitir, emission] = useCreateFacturaGlobalMutation()
  const [done, setDone] = useState<Factura | null>(null)
  const asked = preview.originalArgs
  // A preview of another period (or a failed one) is not shown: the staff previews again.
  const current = asked?.periodicidad === periodicidad && asked.fecha === fecha && !preview.isError ? preview.data : undefined
  const shown = preview.isFetching ? undefined : current

  async function emit() {
    if (!shown) return
    try {
      setDone(await emitir({ periodicidad, fecha, ventas: shown.ventas.map((v) => v._id) }).unwrap())
    } catch {
      // The message stays in the dialog.
    }
  }
  return { today, periodicidad, setPeriodicidad, dia, setDia, mes, setMes, fecha, load, preview, shown, emission, emit, done }
}

function Periodo({ form }: { form: ReturnType<typeof useGlobalForm> }) {
  const choice = (value: Periodicidad, label: string) => (
    <label className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50">
      <input type="radio" name="periodicidad" value={value} checked={form.periodicidad === value} onChange={() => form.setPeriodicidad(value)} />
      {label}
    </label>
  )
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">Periodo</legend>
      <div className="flex gap-2">
        {choice('dia', 'Día')}
        {choice('mes', 'Mes')}
      </div>
      {form.periodicidad === 'dia' ? (
        <FormField label="Fecha" type="date" value={form.dia} max={form.today} onChange={(e) => form.setDia(e.target.value)} />
      ) : (
        <FormField label="Mes y año" type="month" value={form.mes} max={form.today.slice(0, 7)} onChange={(e) => form.setMes(e.target.value)} />
      )}
    </fieldset>
  )
}

function Emitida({ factura }: { factura: Factura }) {
  const files = useFacturaFiles()
  if (factura.estado === 'timbrando') {
    return <p role="status" className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">Estamos timbrando la factura global; aparecerá en la lista de facturas en cuanto el SAT la acepte.</p>
  }
  return (
    <div role="status" className="space-y-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <p className="font-semibold">Factura global emitida.</p>
      <p>
        UUID: <span className="font-mono break-all">{factura.uuid}</span>
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary min-h-10" disabled={files.busy !== null} onClick={() => void files.download(factura, 'pdf')}>Descargar PDF</button>
        <button type="button" className="btn-secondary min-h-10" disabled={files.busy !== null} onClick={() => void files.download(factura, 'xml')}>Descargar XML</button>
      </div>
      <ErrorNote>{files.problem}</ErrorNote>
    </div>
  )
}

type Props = { initial?: Periodicidad; disabled?: boolean; onClose: () => void }

/** 'Factura global': the paid sales nobody invoiced in a day or a month, previewed, then stamped to PUBLICO EN GENERAL. */
export function FacturaGlobalDialog({ initial = 'dia', disabled, onClose }: Props) {
  const form = useGlobalForm(initial)
  const { shown, preview, emission, done } = form
  const canEmit = !disabled && !done && Boolean(shown && shown.ventas.length > 0) && !emission.isLoading
  const footer = (
    <>
      <button type="button" className="btn-secondary" onClick={onClose}>Cerrar</button>
      {done ? null : (
        <button type="button" className="btn-primary" disabled={!canEmit} onClick={() => void form.emit()}>
          {emission.isLoading ? 'Emitiendo…' : 'Emitir factura global'}
        </button>
      )}
    </>
  )
  return (
    <Dialog open onClose={onClose} title="Factura global" description="Las ventas pagadas sin factura del periodo, a nombre de PUBLICO EN GENERAL (XAXX010101000)." footer={footer}>
      {done ? <Emitida factura={done} /> : (
        <div className="max-h-[60vh] space-y-4 overflow-y-auto">
          <Periodo form={form} />
          <button type="button" className="btn-secondary w-full" disabled={!form.fecha || preview.isFetching}
            onClick={() => void form.load({ periodicidad: form.periodicidad, fecha: form.fecha })}>
            {preview.isFetching ? 'Consultando…' : 'Vista previa'}
          </button>
          {preview.isError && !preview.isFetching ? <ErrorNote>{errorText(preview.error, 'Error al obtener la vista previa')}</ErrorNote> : null}
          {shown ? <GlobalPreview preview={shown} /> : null}
          <ErrorNote>{emitError(emission.error)}</ErrorNote>
        </div>
      )}
    </Dialog>
  )
}
