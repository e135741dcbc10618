import { api } from '@/lib/api'
import { registerErrorMessages, SPEC_MESSAGES } from '@/lib/error-messages'
import type {
  ClienteCuenta,
  ConfirmResult,
  PlaceOrdenRequest,
  PreferenceRequest,
  ReturnParams,
  Venta,
} from '@/features/checkout/types'

/** The shopper's side of issue 5: counter orders, online payment and the thank-you page. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 'Pagar en caja': the server prices every line again and answers the saved sale. */
    createVenta: build.mutation<Venta, PlaceOrdenRequest & { idempotencyKey: string }>({
      // The key makes a retry of the same attempt answer the order the first one placed.
      query: ({ idempotencyKey, ...body }) => ({ url: 'ventas', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      // The new order, the purchase history and the stock the products show all changed.
      invalidatesTags: ['OrdenCliente', 'Compra', 'Producto'],
    }),
    /** The Mercado Pago preference for the cart: answers its id for the Wallet. */
    createPreference: build.mutation<{ id: string }, PreferenceRequest & { idempotencyKey: string }>({
      // The key makes a retry of the same attempt answer the preference the first one made.
      query: ({ idempotencyKey, ...body }) => ({
        url: 'ventas/mercado-pago-preference',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
    /** The /success page asks the server to record the payment; the server asks the provider. */
    confirmPago: build.mutation<ConfirmResult, ReturnParams>({
      query: (body) => ({ url: 'ventas/mercado-pago/confirmar', method: 'POST', body }),
      invalidatesTags: ['OrdenCliente', 'Compra'],
    }),
    /** The customer's unpaid orders (thank-you page). */
    listOrdenesPendientes: build.query<Venta[], string>({
      query: (clientId) => `ventas/ordenes/pendientes/${encodeURIComponent(clientId)}`,
      transformResponse: (body: unknown) => (Array.isArray(body) ? (body as Venta[]) : []),
      providesTags: ['OrdenCliente'],
    }),
    /** Staff's 'Cliente (cuenta)' picker: up to 20 customers' accounts matching q. */
    searchClientes: build.query<ClienteCuenta[], string>({
      query: (q) => `usuarios/clientes?q=${encodeURIComponent(q)}`,
      transformResponse: (body: { clientes?: ClienteCuenta[] }) => body?.clientes ?? [],
    }),
  }),
})

registerErrorMessages({
  createVenta: SPEC_MESSAGES.guardarVenta,
  confirmPago: SPEC_MESSAGES.guardarVenta,
  listOrdenesPendientes: SPEC_MESSAGES.venta,
  searchClientes: 'Error al buscar clientes',
  // The catalogue has no message for the preference; the title says what failed.
  createPreference: 'Error al crear el pago en línea',
})

export const {
  useCreateVentaMutation,
  useCreatePreferenceMutation,
  useConfirmPagoMutation,
  useListOrdenesPendientesQuery,
  useSearchClientesQuery,
} = checkoutApi
