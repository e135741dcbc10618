import { api } from '@/lib/api'
import type { ErrorLogEntry } from '@/lib/error-log'
import { registerErrorMessages } from '@/lib/error-messages'
import type { ErrorLogFilter, ErrorLogPage } from '@/features/error-log/types'

/** Entries per page of the staff screen. */
export const ERROR_LOG_PAGE_SIZE = 25

export const errorLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /v1/logs {logs}`: the local log goes to the server (Bearer token when signed in). */
    uploadErrorLog: build.mutation<{ ok: boolean; stored: number }, ErrorLogEntry[]>({
      query: (logs) => ({ url: 'logs', method: 'POST', body: { logs } }),
    }),
    /** `GET /v1/logs`: the 'Registro de errores' screen (Administrador). */
    listErrorLog: build.query<ErrorLogPage, ErrorLogFilter>({
      query: ({ desde, hasta, usuario, q, page = 1 }) => ({
        url: 'logs',
        params: {
          ...(desde ? { desde } : {}),
          ...(hasta ? { hasta } : {}),
          ...(usuario ? { usuario } : {}),
          ...(q ? { q } : {}),
          page,
          limit: ERROR_LOG_PAGE_SIZE,
        },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
})

registerErrorMessages({ listErrorLog: 'Error al obtener el registro de errores' })

export const { useListErrorLogQuery } = errorLogApi
