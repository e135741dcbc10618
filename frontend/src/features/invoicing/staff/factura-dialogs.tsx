import { useState, type FormEvent } from 'react'
import { Dialog, FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField } from '@/components/form-field'
import { errorText } from '@/lib/api-errors'
import { useCancelFacturaMutation, useSendFacturaMutation } from '@/features/invoicing/api'
import { CatalogoSelect } from '@/features/invoicing/components/fiscal-fields'
import { cancelResultText, ventasText } from '@/features/invoicing/staff/labels'
import { SustituirFields } from '@/features/invoicing/staff/sustituir-fields'
import { isSustitucion, motivosFor, sustituirResultText, useSustituirForm } from '@/features/invoicing/staff/use-sustituir-form'
import type { Factura, FacturaEstado, MotivoCancelacion } from '@/features/invoicing/types'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

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
  const [enviar, { isLoading, error }] = useSendFacturaMutation()

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

function useCancelForm(factura: Factura, motivo: string) {
  const [problem, setProblem] = useState('')
  const [result, setResult] = useState<FacturaEstado | null>(null)
  const [cancelar, { isLoading, error }] = useCancelFacturaMutation()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!motivo) return setProblem('Elige el motivo de la cancelación.')
    setProblem('')
    try {
      setResult((await cancelar({ id: factura._id, motivo }).unwrap()).estado)
    } catch {
      // The message stays in the dialog.
    }
  }
  return { problem, result, isLoading, error, submit }
}

/** What came of a cancellation or a substitution, with 'Cerrar'. */
function ResultDialog({ title, text, pending, onClose }: { title: string; text: string; pending?: boolean; onClose: () => void }) {
  const tone = pending ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-800'
  return (
    <Dialog open onClose={onClose} title={title} footer={<button type="button" className="btn-primary" onClick={onClose}>Cerrar</button>}>
      <p role="status" className={`rounded-xl px-4 py-3 text-sm font-medium wrap-anywhere ${tone}`}>
        {text}
      </p>
    </Dialog>
  )
}

/**
 * 'Cancelar': the SAT's motivo, then what came of it. Motivo 01 (an individual factura only) turns
 * it into 'Sustituir factura': the receptor's corrected fiscal data issue a new CFDI that replaces it.
 */
export function CancelarDialog({ factura, motivos, onClose }: CancelarProps) {
  const [motivo, setMotivo] = useState('')
  const cancel = useCancelForm(factura, motivo)
  const { fieldsRef, ...sust } = useSustituirForm(factura)
  const sustituir = isSustitucion(motivo, motivos)
  if (cancel.result) return <ResultDialog title="Cancelar factura" text={cancelResultText(cancel.result)} onClose={onClose} />
  if (sust.result) {
    return <ResultDialog title="Sustituir factura" text={sustituirResultText(sust.result)} pending={!sust.result.uuid} onClose={onClose} />
  }
  return (
    <FormDialog
      title={sustituir ? 'Sustituir factura' : 'Cancelar factura'}
      description={<Cual factura={factura} />}
      onClose={onClose}
      onSubmit={sustituir ? sust.submit : cancel.submit}
      submitLabel={sustituir ? 'Emitir y sustituir' : 'Cancelar factura'}
      busyLabel={sustituir ? 'Sustituyendo…' : 'Cancelando…'}
      busy={sustituir ? sust.isLoading : cancel.isLoading}
      className={sustituir ? 'max-h-[65dvh] space-y-4 overflow-y-auto px-0.5 pb-1' : 'space-y-4'}
    >
      <CatalogoSelect label="Motivo" name="motivo" value={motivo} error={sustituir ? undefined : cancel.problem} placeholder="Elige el motivo"
        options={motivosFor(factura, motivos)} onChange={setMotivo} />
      {sustituir ? (
        <SustituirFields form={sust} fieldsRef={fieldsRef} />
      ) : (
        <>
          <p className="text-sm text-slate-600">La cancelación se envía al SAT y no se puede deshacer.</p>
          <ErrorNote>{errorText(cancel.error, 'Error al cancelar la factura')}</ErrorNote>
        </>
      )}
    </FormDialog>
  )
}
