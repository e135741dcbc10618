import { useState } from 'react'
import { Dialog } from '@/components/dialog'
import { useDocumentTitle } from '@/components/use-document-title'
import {
  fieldErrors,
  useCreateDescuentoMutation,
  useDeleteDescuentoMutation,
  useListDescuentosQuery,
  useUpdateDescuentoMutation,
  type Descuento,
} from '@/features/catalog-admin/api'
import { AdminTable } from '@/features/catalog-admin/components/admin-table'
import { DeleteDialog, SaveError } from '@/features/catalog-admin/components/admin-dialogs'
import { shopToday } from '@/lib/dates'

/** The message for an expiry before today (the server refuses it with the same words). */
const PAST_EXPIRY = 'La fecha de expiración no puede ser anterior a hoy.'

type Draft = { _id?: string; name: string; description: string; percentage: string; expirationDate: string; version?: number }

/** `/descuentos/*`: the discounts table, 'Nuevo Descuento' / 'Actualizar Descuento' and delete. */
export function DescuentosPage() {
  useDocumentTitle('Descuentos')
  const { data = [], isLoading, isError } = useListDescuentosQuery()
  const [draft, setDraft] = useState<Draft | null>(null)
  const [deleting, setDeleting] = useState<Descuento | null>(null)
  const [remove, removal] = useDeleteDescuentoMutation()
  return (
    <section>
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Descuentos</h1>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setDraft({ name: '', description: '', percentage: '10', expirationDate: shopToday() })}
        >
          Nuevo Descuento
        </button>
      </div>
      {isError ? (
        <p role="alert" className="mt-4 text-rose-700">
          Error al ingresar
        </p>
      ) : null}
      <AdminTable
        headers={['Nombre', 'Descripción', 'Porcentaje', 'Fecha de expiración', 'Acciones']}
        loading={isLoading}
        loadingText="Cargando…"
        empty={!isLoading && data.length === 0}
        emptyText="No hay descuentos"
      >
        {data.map((d) => (
          <tr key={d._id} className="border-t border-slate-100">
            <td className="p-2 font-medium">{d.name}</td>
            <td className="p-2">{d.description}</td>
            <td className="p-2">{d.percentage}%</td>
            <td className="p-2">
              {d.expirationDate}
              {d.expirationDate < shopToday() ? (
                <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700">Vencido</span>
              ) : null}
            </td>
            <td className="p-2 whitespace-nowrap">
              <button
                type="button"
                className="link mr-3"
                onClick={() => setDraft({ ...d, percentage: String(d.percentage) })}
              >
                Editar<span className="sr-only"> {d.name}</span>
              </button>
              <button type="button" className="text-rose-700 underline" onClick={() => setDeleting(d)}>
                Eliminar<span className="sr-only"> {d.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      {draft ? <DescuentoDialog draft={draft} onClose={() => setDraft(null)} /> : null}
      <DeleteDialog
        target={deleting && { id: deleting._id, name: deleting.name }}
        question="¿Estás seguro de querer eliminar este descuento?"
        failMessage="Error al eliminar un descuento"
        removal={removal}
        onDelete={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  )
}

function DescuentoDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [d, setD] = useState(draft)
  const [create, creating] = useCreateDescuentoMutation()
  const [update, updating] = useUpdateDescuentoMutation()
  const [error, setError] = useState<unknown>(null)
  const [pastDate, setPastDate] = useState(false)
  const errors = pastDate ? { ...fieldErrors(error), expirationDate: PAST_EXPIRY } : fieldErrors(error)
  const field = (k: 'name' | 'description' | 'percentage' | 'expirationDate', label: string, type = 'text') => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input
        className="field-input"
        type={type}
        min={type === 'date' ? shopToday() : undefined}
        value={d[k]}
        aria-invalid={Boolean(errors[k])}
        onChange={(e) => setD({ ...d, [k]: e.target.value })}
      />
      {errors[k] ? <span className="mt-1 block text-xs text-rose-700">{errors[k]}</span> : null}
    </label>
  )
  const save = async () => {
    // A discount is never created already expired; the server checks again.
    const past = /^\d{4}-\d{2}-\d{2}$/.test(d.expirationDate) && d.expirationDate < shopToday()
    setPastDate(past)
    if (past) return
    const n = Number.parseFloat(d.percentage)
    const body = {
      name: d.name,
      description: d.description,
      percentage: Number.isNaN(n) ? (null as unknown as number) : n,
      expirationDate: d.expirationDate,
    }
    const res = d._id ? await update({ _id: d._id, version: d.version, ...body }) : await create(body)
    if ('error' in res) setError(res.error)
    else onClose()
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={d._id ? 'Actualizar Descuento' : 'Nuevo Descuento'}
      footer={
        <button type="button" className="btn-primary" disabled={creating.isLoading || updating.isLoading} onClick={save}>
          Guardar
        </button>
      }
    >
      <SaveError error={error} fallback={d._id ? 'Error al actualizar  el descuento' : 'Error la guardar un descuento'} />
      <div className="space-y-3 text-sm">
        {field('name', 'Nombre')}
        {field('description', 'Descripción')}
        {field('percentage', 'Porcentaje', 'number')}
        {field('expirationDate', 'Fecha de expiración', 'date')}
      </div>
    </Dialog>
  )
}
