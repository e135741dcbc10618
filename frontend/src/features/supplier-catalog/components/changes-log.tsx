import { useState } from 'react'
import { Note, type NoteValue } from '@/features/supplier-catalog/components/note'
import { apiErrorMessage, errorText } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/dates'
import { useListCambiosProveedorQuery, useSyncProveedorMutation } from '@/features/supplier-catalog/api'

/** What the syncs changed (prices, the distributor's units), and 'Sincronizar ahora'. */
export function ChangesLog({ cadaHoras, ultima }: { cadaHoras: number; ultima?: string }) {
  const { data, error } = useListCambiosProveedorQuery()
  const [sincronizar, { isLoading }] = useSyncProveedorMutation()
  const [note, setNote] = useState<NoteValue>(null)

  async function now() {
    setNote(null)
    try {
      const r = await sincronizar().unwrap()
      setNote({ ok: true, text: `Sincronización hecha: ${r.revisados} revisados, ${r.cambiados} con cambios, ${r.fallidos} con error.` })
    } catch (err) {
      setNote({ ok: false, text: errorText(err as Parameters<typeof errorText>[0], 'Error al sincronizar con el proveedor') })
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Sincronización">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-brand-900">Sincronización</h2>
        <button type="button" className="btn-secondary" onClick={() => void now()} disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Sincronizando…' : 'Sincronizar ahora'}
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {cadaHoras > 0 ? `Precios y existencias de Syscom se actualizan cada ${cadaHoras} horas.` : 'La sincronización automática está apagada.'}
        {ultima ? ` Última: ${formatDateTime(ultima)}.` : ''} Un precio que editaste a mano no se cambia.
      </p>
      <Note note={note} />
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {apiErrorMessage(error, 'Error al obtener los cambios de la sincronización')}
        </p>
      ) : data && data.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm" aria-label="Cambios de la sincronización">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th className="py-2">Fecha</th>
              <th className="py-2">Producto</th>
              <th className="py-2">Campo</th>
              <th className="py-2">Antes</th>
              <th className="py-2">Después</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((c) => (
              <tr key={c._id}>
                <td className="py-2 whitespace-nowrap">{formatDateTime(c.fecha)}</td>
                <td className="py-2">{c.nombre}</td>
                <td className="py-2">{c.campo === 'precio' ? 'Precio' : 'Existencia con Syscom'}</td>
                <td className="py-2">{c.antes}</td>
                <td className="py-2">{c.despues}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Todavía no hay cambios.</p>
      )}
    </section>
  )
}
