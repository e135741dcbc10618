import { api } from '@/lib/api'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'
import type {
  DateRange,
  DevolucionRequest,
  EnvioUpdate,
  OrdenUpdate,
  ReportCriterio,
  Venta,
  VentasListArgs,
  VentasPage,
  VentasReport,
} from '@/features/sales/types'

type PageBody = { ventas?: Venta[]; meta?: Partial<PageMeta> }

const ventasPage = (body: PageBody, _meta: unknown, args: VentasListArgs): VentasPage => ({
  ventas: body.ventas ?? [],
  meta: readMeta(body.meta, args),
})

/** Every call of the sales back office (issue 6). */
export const ventasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 'Lista de ordenes' a page at a time: the open orders, or any sale when searched or filtered by delivery. */
    listOrdenes: build.query<VentasPage, VentasListArgs>({
      query: (args) => ({ url: 'ventas/ordenes', params: presentParams(args) }),
      transformResponse: ventasPage,
      providesTags: [{ type: 'Orden', id: 'LIST' }],
    }),
    /** A number that changes whenever an order is added or changed; polled by the order list. */
    getOrdenesVersion: build.query<number, void>({
      query: () => 'ventas/ordenes/version',
      transformResponse: (body: { version: number }) => body.version,
    }),
    /** Every confirmed sale of a range (today by default), a page at a time: reports of sales and shipments. */
    listVentas: build.query<VentasPage, VentasListArgs>({
      query: (args) => ({ url: 'ventas/lista', params: presentParams(args) }),
      transformResponse: ventasPage,
      providesTags: [{ type: 'Venta', id: 'LIST' }],
    }),
    getReporteVentas: build.query<VentasReport, DateRange & { criterio?: ReportCriterio }>({
      query: (range) => ({ url: 'ventas/reporte', method: 'POST', body: range }),
      providesTags: [{ type: 'Venta', id: 'REPORT' }],
    }),
    /** 'Actualizar Orden': pago, metodoPago (cash desk only), entrega, observaciones. */
    updateOrden: build.mutation<Venta, { id: string; changes: OrdenUpdate }>({
      query: ({ id, changes }) => ({ url: `ventas/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: [
        { type: 'Orden', id: 'LIST' },
        { type: 'Venta', id: 'LIST' },
        { type: 'Venta', id: 'REPORT' },
      ],
    }),
    /** 'Devolución' (Cajero, Administrador): returns units of a paid sale and records the refund; answers the sale. */
    createDevolucion: build.mutation<Venta, { id: string; devolucion: DevolucionRequest }>({
      query: ({ id, devolucion }) => ({ url: `ventas/${encodeURIComponent(id)}/devoluciones`, method: 'POST', body: devolucion }),
      invalidatesTags: [
        { type: 'Orden', id: 'LIST' },
        { type: 'Venta', id: 'LIST' },
        { type: 'Venta', id: 'REPORT' },
      ],
    }),
    /** 'Actualizar Envio': the server stamps envio.fecha. */
    updateEnvio: build.mutation<Venta, { id: string; envio: EnvioUpdate }>({
      query: ({ id, envio }) => ({ url: `ventas/${id}`, method: 'PATCH', body: { envio } }),
      invalidatesTags: [
        { type: 'Orden', id: 'LIST' },
        { type: 'Venta', id: 'LIST' },
      ],
    }),
    /** Toggles one item's `entregado`; the list shows the change at once and settles on the answer. */
    toggleEntregado: build.mutation<Venta, { venta: Venta; itemId: string; nombre: string }>({
      query: ({ venta, itemId, nombre }) => ({
        url: `ventas/order/${venta._id}`,
        method: 'PATCH',
        body: { idOrden: itemId, nombre },
      }),
      async onQueryStarted({ venta, itemId }, { dispatch, getState, queryFulfilled }) {
        const pages = ventasApi.util.selectCachedArgsForQuery(getState(), 'listOrdenes')
        const patchAll = (change: (ordenes: Venta[]) => void) =>
          pages.map((args) => dispatch(ventasApi.util.updateQueryData('listOrdenes', args, (page) => change(page.ventas))))
        const patches = patchAll((ordenes) => {
          const item = ordenes.find((o) => o._id === venta._id)?.carrito.find((i) => i._id === itemId)
          if (item) item.entregado = !item.entregado
        })
        try {
          const { data } = await queryFulfilled
          patchAll((ordenes) => {
            const i = ordenes.findIndex((o) => o._id === data._id)
            if (i >= 0) ordenes[i] = data
          })
        } catch {
          patches.forEach((p) => p.undo())
        }
      },
    }),
  }),
})

export const {
  useListOrdenesQuery,
  useGetOrdenesVersionQuery,
  useListVentasQuery,
  useGetReporteVentasQuery,
  useUpdateOrdenMutation,
  useUpdateEnvioMutation,
  useToggleEntregadoMutation,
  useCreateDevolucionMutation,
} = ventasApi
