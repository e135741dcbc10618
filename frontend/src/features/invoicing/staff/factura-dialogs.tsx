import { useState, type FormEvent } from 'react'
import { Dialog, FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField } from '@/components/form-field'
import { errorText } from '@/lib/api-errors'
import { useCancelarFacturaMutation, useEnviarFacturaMutation } from '@/features/invoicing/api'
import { CatalogSelect } from '@/features/invoicing/components/fiscal-fields'
import { cancelResultText, ventasText } from '@/features/invoicing/staff/labels'
import type { Factura, FacturaEstado, MotivoCancelacion } from '@/features/invoicing/types'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Which factura a dialog is about, for its description. */
function Cual({ factura: f }: { factura: Factura }) {
  return (
    <span>
      {f.receptor.rfc} · {ventasText(f)}
      {f.uuid ? <span className="block font-mono text-xs break-all">{f.uuid}</span> : null}
    </span>
  )
}

type ReenviarProps = { factura: Factura; onClose: () => void; onSent: (email: string) => void }

/** 'Reenviar': the PDF and XML again by e-mail, to the receptor's address or another one. */
export function ReenviarDialog({ factura, onClose, onSent }: ReenviarProps) {
  const [email, setEmail] = useState(factura.receptor.email ?? '')
  const [problem, setProblem] = useState('')
  const [enviar, { isLoading, error }] = useEnviarFacturaMutation()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const to = email.trim()
    if (!EMAIL.test(to)) return setProblem('Escribe un correo válido.')
    setProblem('')
    try {
      await enviar({ id: factura._id, email: to }).unwrap()
      onSent(to)
    } catch {
      // The message stays in the dialog.
    }
  }

  return (
    <FormDialog
      title="Reenviar factura"
      description={<Cual factura={factura} />}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Reenviar"
      busyLabel="Enviando…"
      busy={isLoading}
      className="space-y-4"
    >
      <FormField label="Correo" type="email" autoComplete="email" value={email} error={problem} onChange={(e) => setEmail(e.target.value)} />
      <ErrorNote>{errorText(error, 'Error al reenviar la factura')}</ErrorNote>
    </FormDialog>
  )
}

type CancelarProps = { factura: Factura; motivos: MotivoCancelacion[]; onClose: () => void }

function useCancelForm(factura: Factura, motivos: MotivoCancelacion[]) {
  const [motivo, setMotivo] = useState('')
  const [sustitucion, setSustitucion] = useState('')
  const [problems, setProblems] = useState<{ motivo?: string; sustitucion?: string }>({})
  const [result, setResult] = useState<FacturaEstado | null>(null)
  const [cancelar, { isLoading, error }] = useCancelarFacturaMutation()
  const needsUuid = motivos.find((m) => m.clave === motivo)?.requiereSustitucion ?? motivo === '01'

  async function submit(event: FormEvent) {
    event.preventDefault()
    const uuid = sustitucion.trim()
    const found: typeof problems = {}
    if (!motivo) found.motivo = 'Elige el motivo de la cancelación.'
    if (needsUuid && !uuid) found.sustitucion = 'Escribe el UUID de la factura que la sustituye.'
    else if (needsUuid && !UUID.test(uuid)) found.sustitucion = 'El UUID no es válido: son 36 caracteres, como 5FB2822E-396D-4725-8521-CDC4BDD20CCF.'
    setProblems(found)
    if (found.motivo || found.sustitucion) return
    try {
      const body = needsUuid ? { id: factura._id, motivo, sustitucion: uuid.toUpperCase() } : { id: factura._id, motivo }
      setResult((await cancelar(body).unwrap()).estado)
    } catch {
      // The message stays in the dialog.
    }
  }
  return { motivo, setMotivo, sustitucion, setSustitucion, problems, result, isLoading, error, needsUuid, submit }
}

/** 'Cancelar': the SAT's motivo and, for 01, the UUID of the factura that replaces it; then what came of it. */
export function CancelarDialog({ factura, motivos, onClose }: CancelarProps) {
  const form = useCancelForm(factura, motivos)
  if (form.result) {
    return (
      <Dialog open onClose={onClose} title="Cancelar factura" footer={<button type="button" className="btn-primary" onClick={onClose}>Cerrar</button>}>
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
          {cancelResultText(form.result)}
        </p>
      </Dialog>
    )
  }
  return (
    <FormDialog
      title="Cancelar factura"
      description={<Cual factura={factura} />}
      onClose={onClose}
      onSubmit={form.submit}
      submitLabel="Cancelar factura"
      busyLabel="Cancelando…"
      busy={form.isLoading}
      className="space-y-4"
    >
      <CatalogSelect label="Motivo" name="motivo" value={form.motivo} error={form.problems.motivo} placeholder="Elige el motivo"
        options={motivos} onChange={form.setMotivo} />
      {form.needsUuid ? (
        <FormField label="UUID de la factura que la sustituye" value={form.sustitucion} error={form.problems.sustitucion}
          autoComplete="off" spellCheck={false} maxLength={36} onChange={(e) => form.setSustitucion(e.target.value)} />
      ) : null}
      <p className="text-sm text-slate-600">La cancelación se envía al SAT y no se puede deshacer.</p>
      <ErrorNote>{errorText(form.error, 'Error al cancelar la factura')}</ErrorNote>
    </FormDialog>
  )
}
