import { api } from '@/lib/api'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'
import type {
  ByMethod,
  ByUsuario,
  Corte,
  CortesArgs,
  CortesPage,
  CorteRequest,
  MovimientoCaja,
  MovimientoRequest,
  PendienteCaja,
} from '@/features/cashcut/types'

/** The cash cut calls (issue 7); Cajero and Administrador only. */
export const cashcutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendientePorMetodo: build.query<ByMethod, void>({
      query: () => 'ventas/reporte/metodo-pago',
      providesTags: ['CortePendiente'],
    }),
    getPendientePorUsuario: build.query<ByUsuario[], void>({
      query: () => 'ventas/reporte/usuario',
      providesTags: ['CortePendiente'],
    }),
    /** What the next cut would close, in cash: float, cash sales, refunds, withdrawals, deposits. */
    getPendienteCaja: build.query<PendienteCaja, void>({
      query: () => 'cortes/pendiente',
      providesTags: ['CortePendiente'],
    }),
    /** 'Fondo de caja', 'Retiro de efectivo' or 'Depósito de efectivo'. */
    createMovimientoCaja: build.mutation<MovimientoCaja, MovimientoRequest>({
      query: (body) => ({ url: 'cortes/movimientos', method: 'POST', body }),
      invalidatesTags: ['CortePendiente'],
    }),
    /** 'Hacer corte': closes every paid sale and drawer movement not yet in a cut. */
    createCorte: build.mutation<Corte, CorteRequest>({
      query: (body) => ({ url: 'ventas/corte', method: 'POST', body }),
      invalidatesTags: ['CortePendiente', { type: 'Corte', id: 'LIST' }],
    }),
    /** Past cuts of a range of days, newest first, a page at a time (without their sales). */
    listCortes: build.query<CortesPage, CortesArgs>({
      query: (args) => ({ url: 'cortes', params: presentParams(args) }),
      transformResponse: (body: { cortes?: Corte[]; meta?: Partial<PageMeta> }, _m, args) => ({
        cortes: body.cortes ?? [],
        meta: readMeta(body.meta, args),
      }),
      providesTags: [{ type: 'Corte', id: 'LIST' }],
    }),
    getCorte: build.query<Corte, string>({
      query: (id) => `cortes/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Corte', id }],
    }),
  }),
})

export const {
  useGetPendientePorMetodoQuery,
  useGetPendientePorUsuarioQuery,
  useGetPendienteCajaQuery,
  useCreateMovimientoCajaMutation,
  useCreateCorteMutation,
  useListCortesQuery,
  useGetCorteQuery,
} = cashcutApi
