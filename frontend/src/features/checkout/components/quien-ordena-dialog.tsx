import { useId, useState, type FormEvent } from 'react'
import { Dialog } from '@/components/dialog'

type Props = {
  open: boolean
  onClose: () => void
  defaultName: string
  busy: boolean
  onSubmit: (cliente: string) => void
}

/** SPEC §2: 'Quien Ordena ?' with a name field and a 'Pagar en caja' button. */
export function QuienOrdenaDialog({ open, onClose, defaultName, busy, onSubmit }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="Quien Ordena ?" description="Escribe el nombre con el que recogerás y pagarás tu orden en caja.">
      {/* Mounted only while open, so the field starts from the default each time. */}
      {open ? <NameForm defaultName={defaultName} busy={busy} onSubmit={onSubmit} /> : null}
    </Dialog>
  )
}

function NameForm({ defaultName, busy, onSubmit }: Pick<Props, 'defaultName' | 'busy' | 'onSubmit'>) {
  const id = useId()
  const [name, setName] = useState(defaultName)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const cliente = name.trim()
    if (!cliente) {
      setError('Escribe el nombre de quien ordena.')
      return
    }
    onSubmit(cliente)
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={id} className="field-label">
          Nombre
        </label>
        <input
          id={id}
          className="field-input"
          value={name}
          maxLength={80}
          autoComplete="name"
          enterKeyHint="send"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value)
            setError(null)
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" /> : null}
        Pagar en caja
      </button>
    </form>
  )
}
