import { useState } from 'react'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage, errorStatus, errorText } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/dates'
import { useListRespaldosQuery, useCreateRespaldoMutation } from '@/features/backups/api'
import { formatBytes, formatEvery } from '@/features/backups/format'
import type { Respaldo, RespaldosInfo } from '@/features/backups/types'

const cell = 'block px-4 py-1 md:table-cell md:py-3'
/** The column's name beside each value on a phone, where the table's header is hidden. */
const label = 'mr-1 text-xs font-semibold text-slate-500 uppercase md:hidden'

function Schedule({ info }: { info: RespaldosInfo }) {
  if (info.cadaHoras === undefined) return null
  if (info.cadaHoras === 0) {
    return <p className="mt-1 text-sm text-slate-600">La tienda no hace respaldos automáticos: hazlos con el botón. Las horas son de la Ciudad de México.</p>
  }
  const kept = info.conservar ? `; se guardan los ${info.conservar} más recientes y los anteriores se borran solos` : ''
  return (
    <p className="mt-1 text-sm text-slate-600">
      La tienda hace un respaldo automático {formatEvery(info.cadaHoras)}
      {kept}. Las horas son de la Ciudad de México.
    </p>
  )
}

function RespaldosTable({ respaldos }: { respaldos: Respaldo[] }) {
  if (respaldos.length === 0) {
    return <p className="rounded-2xl bg-white p-8 text-center text-slate-600">Todavía no hay respaldos.</p>
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <table className="block w-full text-left text-sm md:table" aria-label="Respaldos guardados">
        <thead className="sr-only bg-slate-50 text-xs text-slate-500 uppercase md:not-sr-only md:table-header-group">
          <tr>
            <th className="px-4 py-3">Fecha</th>
            <th className="px-4 py-3">Tamaño</th>
            <th className="px-4 py-3">Nombre</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {respaldos.map((r) => (
            <tr key={r.nombre} className="block py-2 md:table-row md:py-0">
              <td className={`${cell} whitespace-nowrap`}>
                <span className={label}>Fecha</span>
                <time dateTime={r.fecha}>{formatDateTime(r.fecha)}</time>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className={label}>Tamaño</span>
                {formatBytes(r.bytes)}
              </td>
              <td className={`${cell} font-mono break-all`}>
                <span className={label}>Nombre</span>
                {r.nombre}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** `/respaldos` 'Respaldos': the embedded store's backups and a button to take one now (Administrador). */
export function RespaldosPage() {
  useDocumentTitle('Respaldos')
  const { data, error, isLoading, isFetching } = useListRespaldosQuery()
  const [hacer, { isLoading: busy }] = useCreateRespaldoMutation()
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)

  async function hacerAhora() {
    setNote(null)
    try {
      const r = await hacer().unwrap()
      setNote({ ok: true, text: `Respaldo hecho: ${r.nombre} (${formatBytes(r.bytes)}).` })
    } catch (e) {
      const err = e as Parameters<typeof errorText>[0]
      setNote({
        ok: false,
        text: errorStatus(err) === 409 ? apiErrorMessage(err, 'Ya se está haciendo un respaldo.') : errorText(err, 'Error al hacer el respaldo'),
      })
    }
  }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Respaldos</h1>
        {data?.disponible ? (
          <button type="button" className="btn-primary" onClick={() => void hacerAhora()} disabled={busy} aria-busy={busy}>
            {busy ? 'Haciendo respaldo…' : 'Hacer respaldo ahora'}
          </button>
        ) : null}
      </div>
      {data?.disponible ? <Schedule info={data} /> : null}
      {note ? (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={`mt-3 rounded-xl px-4 py-3 text-sm ${note.ok ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-800'}`}
        >
          {note.text}
        </p>
      ) : null}

      <div className="mt-5" aria-busy={isFetching}>
        {isLoading ? (
          <Skeleton className="h-24 w-full rounded-2xl" />
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {apiErrorMessage(error, 'Error al obtener los respaldos')}
          </p>
        ) : data && !data.disponible ? (
          <p className="rounded-2xl bg-white p-6 text-slate-700">{data.mensaje || 'Los respaldos no están disponibles en esta tienda.'}</p>
        ) : data ? (
          <RespaldosTable respaldos={data.respaldos} />
        ) : null}
      </div>
    </section>
  )
}
