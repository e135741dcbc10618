import { useId, useState } from 'react'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useSearchClientesQuery } from '@/features/checkout/api'
import type { ClienteCuenta } from '@/features/checkout/types'

type Props = { value: ClienteCuenta | null; onChange: (cliente: ClienteCuenta | null) => void }

/**
 * 'Cliente (cuenta)': staff taking a counter order find the customer's account by name, e-mail or
 * phone and pick it; the order is then that customer's. Optional: without one, the order is the
 * staff member's, as before.
 */
export function ClienteCuentaPicker({ value, onChange }: Props) {
  const id = useId()
  const [text, setText] = useState('')
  const q = useDebouncedValue(text.trim(), 250)
  const { data = [], isFetching, isError } = useSearchClientesQuery(q, { skip: value !== null || q.length < 2 })

  if (value) {
    return (
      <div>
        <p className="field-label">Cliente (cuenta)</p>
        <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
          <p className="min-w-0 text-sm">
            <span className="font-medium text-slate-900">{value.name}</span>
            <span className="block truncate text-xs text-slate-500">{value.email}</span>
          </p>
          <button type="button" className="btn-secondary min-h-9 px-3 text-sm" onClick={() => onChange(null)}>
            Quitar
          </button>
        </div>
      </div>
    )
  }
  const searched = q.length >= 2 && !isFetching
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Cliente (cuenta) <span className="font-normal text-slate-500">· opcional</span>
      </label>
      <input
        id={id}
        type="search"
        className="field-input"
        value={text}
        maxLength={100}
        autoComplete="off"
        placeholder="Nombre, correo o teléfono"
        onChange={(e) => setText(e.target.value)}
      />
      {isError ? <p className="mt-1.5 text-sm text-rose-700">No pudimos buscar clientes. Inténtalo de nuevo.</p> : null}
      {searched && !isError && data.length === 0 ? <p className="mt-1.5 text-sm text-slate-500">Ningún cliente coincide con la búsqueda.</p> : null}
      {data.length > 0 && q.length >= 2 ? (
        <ul className="mt-2 max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" aria-label="Clientes encontrados">
          {data.map((c) => (
            <li key={c._id}>
              <button type="button" className="w-full px-3 py-2 text-left hover:bg-slate-50" onClick={() => onChange(c)}>
                <span className="block text-sm font-medium text-slate-900">{c.name}</span>
                <span className="block text-xs text-slate-500">{c.email}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
