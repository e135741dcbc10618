import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import { presentParams } from '@/lib/list-state'
import type { AuditoriaListArgs, AuditoriaPage } from '@/features/audit/types'

export const auditoriaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/auditoria`: the audit trail, newest first (Administrador). */
    listAuditoria: build.query<AuditoriaPage, AuditoriaListArgs>({
      query: (args) => ({ url: 'auditoria', params: presentParams(args) }),
      keepUnusedDataFor: 0,
    }),
  }),
})

registerErrorMessages({ listAuditoria: 'Error al obtener la auditoría' })

export const { useListAuditoriaQuery } = auditoriaApi
