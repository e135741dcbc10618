import { useId, useState, type FormEvent } from 'react'
import { Dialog } from '@/components/dialog'
import { ClienteCuentaPicker } from '@/features/checkout/components/cliente-cuenta-picker'
import type { ClienteCuenta } from '@/features/checkout/types'

type Props = {
  open: boolean
  onClose: () => void
  defaultName: string
  /** Staff may place the order for a customer's account ('Cliente (cuenta)'). */
  staff?: boolean
  busy: boolean
  onSubmit: (cliente: string, clienteId?: string) => void
}

/** 'Quien Ordena ?' with a name field and a 'Pagar en caja' button. */
export function QuienOrdenaDialog({ open, onClose, defaultName, staff = false, busy, onSubmit }: Props) {
  const description = staff
    ? 'Escribe el nombre de quien ordena; si tiene cuenta en la tienda, elígela para que la orden quede en sus compras.'
    : 'Escribe el nombre con el que recogerás y pagarás tu orden en caja.'
  return (
    <Dialog open={open} onClose={onClose} title="Quien Ordena ?" description={description}>
      {/* Mounted only while open, so the fields start from the default each time. */}
      {open ? <NameForm defaultName={defaultName} staff={staff} busy={busy} onSubmit={onSubmit} /> : null}
    </Dialog>
  )
}

function NameForm({ defaultName, staff, busy, onSubmit }: Pick<Props, 'defaultName' | 'staff' | 'busy' | 'onSubmit'>) {
  const id = useId()
  const [name, setName] = useState(defaultName)
  const [cuenta, setCuenta] = useState<ClienteCuenta | null>(null)
  const [error, setError] = useState<string | null>(null)
  const pick = (c: ClienteCuenta | null) => {
    setCuenta(c)
    // The customer's name, unless staff already typed another one than their own.
    if (c && (name.trim() === '' || name === defaultName)) setName(c.name)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const cliente = name.trim()
    if (!cliente) {
      setError('Escribe el nombre de quien ordena.')
      return
    }
    onSubmit(cliente, cuenta?._id)
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {staff ? <ClienteCuentaPicker value={cuenta} onChange={pick} /> : null}
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
