import { api } from '@/lib/api'

/** One field of a product before and after an import. */
export type CambioImport = { campo: string; antes: string; despues: string }

/** One product of the file: its rows and, for an update, the product and what changes. */
export type ProductoImport = { filas: number[]; id?: string; producto: string; cambios?: CambioImport[] }

/** A row left out of the import: its number, the column at fault and why (Spanish). */
export type RechazoImport = { fila: number; columna: string; motivo: string }

/** `POST /v1/productos/importar?vista=1`: what the import of the file would do; nothing written. */
export type PlanImport = {
  filas: number
  nuevos: ProductoImport[]
  cambios: ProductoImport[]
  sinCambios: ProductoImport[]
  rechazados: RechazoImport[]
  columnasIgnoradas: string[]
}

/** `POST /v1/productos/importar`: what the import did. */
export type ResultadoImport = {
  creados: number
  actualizados: number
  sinCambios: number
  ajustes: number
  rechazados: RechazoImport[]
  errores: RechazoImport[]
}

/** The path of the template (an XLSX with the titles and an example row). */
export const PLANTILLA_PATH = '/v1/productos/importar/plantilla'

function fileBody(file: File): FormData {
  const body = new FormData()
  body.append('archivo', file, file.name)
  return body
}

const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewImport: build.mutation<PlanImport, File>({
      query: (file) => ({ url: 'productos/importar', method: 'POST', params: { vista: '1' }, body: fileBody(file) }),
    }),
    applyImport: build.mutation<ResultadoImport, File>({
      query: (file) => ({ url: 'productos/importar', method: 'POST', body: fileBody(file) }),
      invalidatesTags: ['Producto'],
    }),
  }),
})

export const { usePreviewImportMutation, useApplyImportMutation } = importApi
