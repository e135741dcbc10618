import { api } from '@/lib/api'
import type { ByMethod, ByUser, Corte, CortesPage, CutRequest } from '@/features/cashcut/types'

const cutBase = api.enhanceEndpoints({ addTagTypes: ['CortePendiente', 'Corte'] })

/** The cash cut calls (issue 7); Cajero and Administrador only. */
export const cashcutApi = cutBase.injectEndpoints({
  endpoints: (build) => ({
    getPendingByMethod: build.query<ByMethod, void>({
      query: () => 'ventas/reporte/metodo-pago',
      providesTags: ['CortePendiente'],
    }),
    getPendingByUser: build.query<ByUser[], void>({
      query: () => 'ventas/reporte/usuario',
      providesTags: ['CortePendiente'],
    }),
    /** 'Hacer corte': closes every paid sale not yet in a cut. */
    makeCut: build.mutation<Corte, CutRequest>({
      query: (body) => ({ url: 'ventas/corte', method: 'POST', body }),
      invalidatesTags: ['CortePendiente', { type: 'Corte', id: 'LIST' }],
    }),
    /** Past cuts, newest first, 20 a page (without their sales). */
    getCortes: build.query<CortesPage, number>({
      query: (page) => ({ url: 'cortes', params: { page } }),
      providesTags: [{ type: 'Corte', id: 'LIST' }],
    }),
    getCorte: build.query<Corte, string>({
      query: (id) => `cortes/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Corte', id }],
    }),
  }),
})

export const {
  useGetPendingByMethodQuery,
  useGetPendingByUserQuery,
  useMakeCutMutation,
  useGetCortesQuery,
  useGetCorteQuery,
} = cashcutApi
