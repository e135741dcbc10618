import { useState, type FormEvent, type ReactNode } from 'react'
import { COLLECTIONS } from '@/features/audit/labels'
import type { AuditCollection, AuditFilter } from '@/features/audit/types'

const EMPTY = { coleccion: '', registro: '', usuario: '', desde: '', hasta: '' }

function Labelled({ name, label, children }: { name: keyof typeof EMPTY; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`audit-${name}`} className="field-label">
        {label}
      </label>
      {children}
    </div>
  )
}

/** The 'Auditoría' filters: colección, registro, usuario and dates; 'Filtrar' starts again at page 1. */
export function AuditFilters({ onFilter }: { onFilter: (filter: AuditFilter) => void }) {
  const [form, setForm] = useState(EMPTY)
  const invalid = form.desde !== '' && form.hasta !== '' && form.hasta < form.desde

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (invalid) return
    onFilter({
      coleccion: (form.coleccion || undefined) as AuditCollection | undefined,
      registro: form.registro.trim() || undefined,
      usuario: form.usuario.trim() || undefined,
      desde: form.desde || undefined,
      hasta: form.hasta || undefined,
      page: 1,
    })
  }
  const onClear = () => {
    setForm(EMPTY)
    onFilter({ page: 1 })
  }
  const field = (name: keyof typeof EMPTY) => ({
    id: `audit-${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      <Labelled name="coleccion" label="Colección">
        <select className="field-input" {...field('coleccion')}>
          <option value="">Todas</option>
          {COLLECTIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled name="registro" label="Registro">
        <input type="search" maxLength={100} className="field-input" placeholder="Id, nombre, correo o folio" {...field('registro')} />
      </Labelled>
      <Labelled name="usuario" label="Usuario">
        <input type="search" maxLength={100} className="field-input" placeholder="Id o nombre" {...field('usuario')} />
      </Labelled>
      <Labelled name="desde" label="Fecha de inicio">
        <input type="date" className="field-input" {...field('desde')} />
      </Labelled>
      <Labelled name="hasta" label="Fecha de fin">
        <input type="date" className="field-input" {...field('hasta')} />
      </Labelled>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary flex-1" disabled={invalid}>
          Filtrar
        </button>
        <button type="button" className="btn-secondary flex-1" onClick={onClear}>
          Limpiar
        </button>
      </div>
      {invalid ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-3">
          La fecha de fin debe ser igual o posterior a la fecha de inicio.
        </p>
      ) : null}
    </form>
  )
}
