import { apiErrorMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/dates'
import { useListImportacionesProveedorQuery } from '@/features/supplier-catalog/api'
import { ESTADOS } from '@/features/supplier-catalog/format'
import type { Importacion } from '@/features/supplier-catalog/types'

/** How often the list is read again while an import runs. */
export const POLL_MS = 2000

function running(list: Importacion[] | undefined): boolean {
  return (list ?? []).some((j) => j.estado === 'pendiente' || j.estado === 'en_curso')
}

function what(j: Importacion): string {
  const parts: string[] = []
  if (j.seleccion.categorias?.length) parts.push(`${j.seleccion.categorias.length} categoría(s)`)
  if (j.seleccion.marcas?.length) parts.push(`${j.seleccion.marcas.length} marca(s)`)
  if (j.seleccion.productos?.length) parts.push(`${j.seleccion.productos.length} producto(s)`)
  return parts.join(', ')
}

/** The latest imports with their live progress (read again every 2 s while one runs). */
export function ImportacionesList() {
  const first = useListImportacionesProveedorQuery()
  const polling = running(first.data)
  const { data, error } = useListImportacionesProveedorQuery(undefined, { pollingInterval: polling ? POLL_MS : 0 })
  if (error) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
        {apiErrorMessage(error, 'Error al obtener las importaciones')}
      </p>
    )
  }
  if (!data || data.length === 0) return <p className="text-sm text-slate-600">Todavía no hay importaciones.</p>
  return (
    <ul className="space-y-3" aria-label="Importaciones">
      {data.map((j) => {
        const pct = j.total > 0 ? Math.round(((j.hechos + j.fallidos) / j.total) * 100) : 0
        const errores = Object.entries(j.errores ?? {})
        return (
          <li key={j._id} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="importacion">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {formatDateTime(j.creada)} · {what(j)}
              </span>
              <span data-testid="estado-importacion">{ESTADOS[j.estado] ?? j.estado}</span>
            </div>
            <progress className="mt-2 w-full" max={100} value={pct} aria-label="Avance de la importación" />
            <p data-testid="avance-importacion">
              {j.hechos + j.fallidos} de {j.total} · {j.creados} nuevos · {j.fallidos} con error
            </p>
            {j.mensaje ? <p className="text-red-800">{j.mensaje}</p> : null}
            {errores.length > 0 ? (
              <details className="mt-1">
                <summary>Errores por producto</summary>
                <ul>
                  {errores.map(([id, msg]) => (
                    <li key={id}>
                      {id}: {msg}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
