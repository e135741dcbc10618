import { useState, type FormEvent } from 'react'
import { DATE_RANGE_ERRORS } from '@/lib/dates'
import type { ErrorLogFilter } from '@/features/error-log/types'

/** The 'Registro de errores' filters: dates, user and text; 'Filtrar' starts again at page 1. */
export function ErrorLogFilters({ onFilter }: { onFilter: (filter: ErrorLogFilter) => void }) {
  const [form, setForm] = useState({ desde: '', hasta: '', usuario: '', q: '' })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onFilter({
      desde: form.desde || undefined,
      hasta: form.hasta || undefined,
      usuario: form.usuario.trim() || undefined,
      q: form.q.trim() || undefined,
      page: 1,
    })
  }
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  })
  const invalid = form.desde !== '' && form.hasta !== '' && form.hasta < form.desde

  return (
    <form onSubmit={onSubmit} className="mt-5 grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5" noValidate>
      <div>
        <label htmlFor="log-desde" className="field-label">
          Fecha de inicio
        </label>
        <input id="log-desde" type="date" className="field-input" {...field('desde')} />
      </div>
      <div>
        <label htmlFor="log-hasta" className="field-label">
          Fecha de fin
        </label>
        <input id="log-hasta" type="date" className="field-input" {...field('hasta')} />
      </div>
      <div>
        <label htmlFor="log-usuario" className="field-label">
          Usuario
        </label>
        <input id="log-usuario" type="search" className="field-input" placeholder="Nombre o correo" {...field('usuario')} />
      </div>
      <div>
        <label htmlFor="log-q" className="field-label">
          Texto
        </label>
        <input id="log-q" type="search" className="field-input" placeholder="Título, error u origen" {...field('q')} />
      </div>
      <div className="flex items-end">
        <button type="submit" className="btn-primary w-full" disabled={invalid}>
          Filtrar
        </button>
      </div>
      {invalid ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-5">
          {DATE_RANGE_ERRORS.order}
        </p>
      ) : null}
    </form>
  )
}
