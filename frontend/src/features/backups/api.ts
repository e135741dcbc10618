import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type { Respaldo, RespaldosInfo } from '@/features/backups/types'

const backupsApi = api.enhanceEndpoints({ addTagTypes: ['Respaldos'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/respaldos`: the embedded store's backups, newest first (Administrador). */
    getRespaldos: build.query<RespaldosInfo, void>({
      query: () => 'respaldos',
      providesTags: ['Respaldos'],
      keepUnusedDataFor: 0,
    }),
    /** `POST /v1/respaldos`: takes a backup now; 409 while another one is being taken. */
    hacerRespaldo: build.mutation<Respaldo, void>({
      query: () => ({ url: 'respaldos', method: 'POST' }),
      invalidatesTags: ['Respaldos'],
    }),
  }),
})

registerErrorMessages({ getRespaldos: 'Error al obtener los respaldos', hacerRespaldo: 'Error al hacer el respaldo' })

export const { useGetRespaldosQuery, useHacerRespaldoMutation } = backupsApi
