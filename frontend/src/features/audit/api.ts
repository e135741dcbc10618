import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type { AuditFilter, AuditPage } from '@/features/audit/types'

/** Entries per page of the 'Auditoría' screen. */
export const AUDIT_PAGE_SIZE = 25

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/auditoria`: the audit trail, newest first (Administrador). */
    getAudit: build.query<AuditPage, AuditFilter>({
      query: ({ coleccion, registro, usuario, desde, hasta, page = 1 }) => ({
        url: 'auditoria',
        params: {
          ...(coleccion ? { coleccion } : {}),
          ...(registro ? { registro } : {}),
          ...(usuario ? { usuario } : {}),
          ...(desde ? { desde } : {}),
          ...(hasta ? { hasta } : {}),
          page,
          limit: AUDIT_PAGE_SIZE,
        },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
})

registerErrorMessages({ getAudit: 'Error al obtener la auditoría' })

export const { useGetAuditQuery } = auditApi
