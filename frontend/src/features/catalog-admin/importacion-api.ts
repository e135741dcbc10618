import { api } from '@/lib/api'

/** One field of a product before and after an import. */
export type CambioImportacion = { campo: string; antes: string; despues: string }

/** One product of the file: its rows and, for an update, the product and what changes. */
export type ProductoImportacion = { filas: number[]; id?: string; producto: string; cambios?: CambioImportacion[] }

/** A row left out of the import: its number, the column at fault and why (Spanish). */
export type RechazoImportacion = { fila: number; columna: string; motivo: string }

/** `POST /v1/productos/importar?vista=1`: what the import of the file would do; nothing written. */
export type PlanImportacion = {
  filas: number
  nuevos: ProductoImportacion[]
  cambios: ProductoImportacion[]
  sinCambios: ProductoImportacion[]
  rechazados: RechazoImportacion[]
  columnasIgnoradas: string[]
}

/** The states of an import job. */
export type EstadoImportacion = 'pendiente' | 'en_curso' | 'terminada' | 'fallida'

/**
 * `POST /v1/productos/importar` begins an import job; `GET /v1/productos/importaciones/{id}` tells
 * its progress (`hechos` of `total` products to write) and, once `terminada`, its result.
 */
export type TrabajoImportacion = {
  _id: string
  estado: EstadoImportacion
  archivo: string
  filas: number
  total: number
  hechos: number
  creados: number
  actualizados: number
  sinCambios: number
  ajustes: number
  numRechazados: number
  rechazados: RechazoImportacion[]
  numErrores: number
  errores: RechazoImportacion[]
  mensaje?: string
  usuario: string
  creada: string
  terminada?: string
}

/** Whether a job is still to finish. */
export function enCurso(j: TrabajoImportacion | undefined): boolean {
  return j?.estado === 'pendiente' || j?.estado === 'en_curso'
}

/** How often a running import is read again. */
export const IMPORTACION_POLL_MS = 1000

/** The path of the template (an XLSX with the titles and an example row). */
export const PLANTILLA_PATH = '/v1/productos/importar/plantilla'

function fileBody(file: File): FormData {
  const body = new FormData()
  body.append('archivo', file, file.name)
  return body
}

const importacionApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewImportacion: build.mutation<PlanImportacion, File>({
      query: (file) => ({ url: 'productos/importar', method: 'POST', params: { vista: '1' }, body: fileBody(file) }),
    }),
    createImportacion: build.mutation<TrabajoImportacion, File>({
      query: (file) => ({ url: 'productos/importar', method: 'POST', body: fileBody(file) }),
    }),
    getImportacion: build.query<TrabajoImportacion, string>({
      query: (id) => `productos/importaciones/${encodeURIComponent(id)}`,
    }),
    listImportaciones: build.query<TrabajoImportacion[], void>({
      query: () => 'productos/importaciones',
      transformResponse: (r: { importaciones: TrabajoImportacion[] }) => r.importaciones,
    }),
  }),
})

export const { usePreviewImportacionMutation, useCreateImportacionMutation, useGetImportacionQuery, useListImportacionesQuery } = importacionApi
