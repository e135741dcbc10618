import { useState } from 'react'
import { ConfirmDialog, Dialog } from '@/components/dialog'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api'
import {
  fieldErrors,
  useCreateDescuentoMutation,
  useDeleteDescuentoMutation,
  useGetDescuentosQuery,
  useUpdateDescuentoMutation,
  type Descuento,
} from '@/features/catalog-admin/api'

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

type Draft = { _id?: string; name: string; description: string; percentage: string; expirationDate: string }

/** `/descuentos/*`: the discounts table, 'Nuevo Descuento' / 'Actualizar Descuento' and delete. */
export function DescuentosPage() {
  useDocumentTitle('Descuentos')
  const { data = [], isLoading, isError } = useGetDescuentosQuery()
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
          onClick={() => setDraft({ name: '', description: '', percentage: '10', expirationDate: today() })}
        >
          Nuevo Descuento
        </button>
      </div>
      {isError ? (
        <p role="alert" className="mt-4 text-rose-700">
          Error al ingresar
        </p>
      ) : null}
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th className="p-2">Nombre</th>
              <th className="p-2">Descripción</th>
              <th className="p-2">Porcentaje</th>
              <th className="p-2">Fecha de expiración</th>
              <th className="p-2">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr>
                <td colSpan={5} className="p-4 text-center text-slate-500">
                  Cargando…
                </td>
              </tr>
            ) : null}
            {data.map((d) => (
              <tr key={d._id} className="border-t border-slate-100">
                <td className="p-2 font-medium">{d.name}</td>
                <td className="p-2">{d.description}</td>
                <td className="p-2">{d.percentage}%</td>
                <td className="p-2">{d.expirationDate}</td>
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
            {!isLoading && data.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-4 text-center text-slate-500">
                  No hay descuentos
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {draft ? <DiscountDialog draft={draft} onClose={() => setDraft(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Eliminar ${deleting.name}` : ''}
        description={
          <>
            ¿Estás seguro de querer eliminar este descuento?
            {removal.isError ? <span className="mt-2 block text-rose-700">Error al eliminar un descuento</span> : null}
          </>
        }
        busy={removal.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          const res = await remove(deleting._id)
          if (!('error' in res)) setDeleting(null)
        }}
      />
    </section>
  )
}

function DiscountDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [d, setD] = useState(draft)
  const [create, creating] = useCreateDescuentoMutation()
  const [update, updating] = useUpdateDescuentoMutation()
  const [error, setError] = useState<unknown>(null)
  const errors = fieldErrors(error)
  const field = (k: 'name' | 'description' | 'percentage' | 'expirationDate', label: string, type = 'text') => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input
        className="field-input"
        type={type}
        value={d[k]}
        aria-invalid={Boolean(errors[k])}
        onChange={(e) => setD({ ...d, [k]: e.target.value })}
      />
      {errors[k] ? <span className="mt-1 block text-xs text-rose-700">{errors[k]}</span> : null}
    </label>
  )
  const save = async () => {
    const n = Number.parseFloat(d.percentage)
    const body = {
      name: d.name,
      description: d.description,
      percentage: Number.isNaN(n) ? (null as unknown as number) : n,
      expirationDate: d.expirationDate,
    }
    const res = d._id ? await update({ _id: d._id, ...body }) : await create(body)
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
      {error ? (
        <p role="alert" className="mb-2 rounded bg-rose-50 p-2 text-sm text-rose-800">
          {apiErrorMessage(error as never, d._id ? 'Error al actualizar  el descuento' : 'Error la guardar un descuento')}
        </p>
      ) : null}
      <div className="space-y-3 text-sm">
        {field('name', 'Nombre')}
        {field('description', 'Descripción')}
        {field('percentage', 'Porcentaje', 'number')}
        {field('expirationDate', 'Fecha de expiración', 'date')}
      </div>
    </Dialog>
  )
}
