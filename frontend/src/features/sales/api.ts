import { api } from '@/lib/api'
import type { DateRange, EnvioUpdate, OrderUpdate, Sale, SalesReport } from '@/features/sales/types'

const salesBase = api.enhanceEndpoints({ addTagTypes: ['Venta', 'Orden'] })

/** Every call of the sales back office (issue 6). */
export const salesApi = salesBase.injectEndpoints({
  endpoints: (build) => ({
    /** Orders not yet delivered or cancelled, oldest first (the Comandero's list). */
    getPendingOrders: build.query<Sale[], void>({
      query: () => 'ventas/ordenes/pendientes',
      providesTags: [{ type: 'Orden', id: 'LIST' }],
    }),
    /** A number that changes whenever an order is added or changed; polled by the order list. */
    getOrdersVersion: build.query<number, void>({
      query: () => 'ventas/ordenes/version',
      transformResponse: (body: { version: number }) => body.version,
    }),
    /** The sales of whole days in the shop's zone, end day included. */
    getSalesBetween: build.query<Sale[], DateRange>({
      query: ({ startDate, endDate }) => ({ url: 'ventas/', params: { startDate, endDate } }),
      providesTags: [{ type: 'Venta', id: 'LIST' }],
    }),
    getSalesReport: build.query<SalesReport, DateRange>({
      query: (range) => ({ url: 'ventas/reporte', method: 'POST', body: range }),
      providesTags: [{ type: 'Venta', id: 'REPORT' }],
    }),
    /** 'Actualizar Orden': pago, metodoPago (cash desk only), entrega, observaciones. */
    updateOrder: build.mutation<Sale, { id: string; changes: OrderUpdate }>({
      query: ({ id, changes }) => ({ url: `ventas/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: [
        { type: 'Orden', id: 'LIST' },
        { type: 'Venta', id: 'LIST' },
        { type: 'Venta', id: 'REPORT' },
      ],
    }),
    /** 'Actualizar Envio': the server stamps envio.fecha. */
    updateEnvio: build.mutation<Sale, { id: string; envio: EnvioUpdate }>({
      query: ({ id, envio }) => ({ url: `ventas/${id}`, method: 'PATCH', body: { envio } }),
      invalidatesTags: [
        { type: 'Orden', id: 'LIST' },
        { type: 'Venta', id: 'LIST' },
      ],
    }),
    /** Toggles one item's `entregado`; the list shows the change at once and settles on the answer. */
    toggleDelivered: build.mutation<Sale, { sale: Sale; itemId: string; nombre: string }>({
      query: ({ sale, itemId, nombre }) => ({
        url: `ventas/order/${sale._id}`,
        method: 'PATCH',
        body: { idOrden: itemId, nombre },
      }),
      async onQueryStarted({ sale, itemId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          salesApi.util.updateQueryData('getPendingOrders', undefined, (orders) => {
            const order = orders.find((o) => o._id === sale._id)
            const item = order?.carrito.find((i) => i._id === itemId)
            if (item) item.entregado = !item.entregado
          }),
        )
        try {
          const { data } = await queryFulfilled
          dispatch(
            salesApi.util.updateQueryData('getPendingOrders', undefined, (orders) => {
              const i = orders.findIndex((o) => o._id === data._id)
              if (i >= 0) orders[i] = data
            }),
          )
        } catch {
          patch.undo()
        }
      },
    }),
  }),
})

export const {
  useGetPendingOrdersQuery,
  useGetOrdersVersionQuery,
  useGetSalesBetweenQuery,
  useGetSalesReportQuery,
  useUpdateOrderMutation,
  useUpdateEnvioMutation,
  useToggleDeliveredMutation,
} = salesApi
