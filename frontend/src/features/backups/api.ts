import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type { Respaldo, RespaldosInfo } from '@/features/backups/types'

const respaldosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/respaldos`: the embedded store's backups, newest first (Administrador). */
    listRespaldos: build.query<RespaldosInfo, void>({
      query: () => 'respaldos',
      providesTags: ['Respaldo'],
      keepUnusedDataFor: 0,
    }),
    /** `POST /v1/respaldos`: takes a backup now; 409 while another one is being taken. */
    createRespaldo: build.mutation<Respaldo, void>({
      query: () => ({ url: 'respaldos', method: 'POST' }),
      invalidatesTags: ['Respaldo'],
    }),
  }),
})

registerErrorMessages({ listRespaldos: 'Error al obtener los respaldos', createRespaldo: 'Error al hacer el respaldo' })

export const { useListRespaldosQuery, useCreateRespaldoMutation } = respaldosApi
