import { useId, useState, type FormEvent } from 'react'
import { Note, type NoteValue } from '@/features/supplier-catalog/components/note'
import { errorText } from '@/lib/api-errors'
import { useUpdateCredencialesProveedorMutation } from '@/features/supplier-catalog/api'
import type { Ajustes } from '@/features/supplier-catalog/types'

/** The shop's Syscom API credentials: typed once, checked with Syscom, never shown again. */
export function CredentialsForm({ ajustes }: { ajustes: Ajustes }) {
  const idField = useId()
  const secretField = useId()
  const [clientId, setClientId] = useState('')
  const [clientSecret, setClientSecret] = useState('')
  const [guardar, { isLoading }] = useUpdateCredencialesProveedorMutation()
  const [note, setNote] = useState<NoteValue>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setNote(null)
    if (!clientId.trim() || !clientSecret.trim()) {
      setNote({ ok: false, text: 'Escribe el ID de cliente y el secreto de tu cuenta de desarrollador de Syscom.' })
      return
    }
    try {
      await guardar({ clientId: clientId.trim(), clientSecret: clientSecret.trim() }).unwrap()
      setClientId('')
      setClientSecret('')
      setNote({ ok: true, text: 'Credenciales guardadas: Syscom las aceptó.' })
    } catch (err) {
      setNote({ ok: false, text: errorText(err as Parameters<typeof errorText>[0], 'Error al guardar las credenciales') })
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Credenciales de Syscom">
      <h2 className="text-lg font-semibold text-brand-900">Credenciales de Syscom</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="estado-credenciales">
        {ajustes.configuradas
          ? `Guardadas: ID de cliente …${ajustes.clientIdFin ?? ''}, secreto …${ajustes.secretoFin ?? ''}. Escríbelas de nuevo solo para cambiarlas.`
          : ajustes.reingresar
            ? 'La clave secreta de la tienda cambió y las credenciales guardadas ya no se pueden leer: vuelve a escribir el ID de cliente y el secreto.'
            : 'Todavía no hay credenciales. Tómalas de tu cuenta de desarrollador de Syscom.'}
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor={idField} className="field-label">
            ID de cliente
          </label>
          <input id={idField} className="field-input" autoComplete="off" value={clientId} onChange={(e) => setClientId(e.target.value)} maxLength={200} />
        </div>
        <div>
          <label htmlFor={secretField} className="field-label">
            Secreto
          </label>
          <input
            id={secretField}
            className="field-input"
            type="password"
            autoComplete="new-password"
            value={clientSecret}
            onChange={(e) => setClientSecret(e.target.value)}
            maxLength={500}
          />
        </div>
      </div>
      <button type="submit" className="btn-primary mt-4" disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? 'Comprobando con Syscom…' : 'Guardar credenciales'}
      </button>
      <Note note={note} />
    </form>
  )
}
