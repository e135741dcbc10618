import { api } from '@/lib/api'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'
import type {
  BuscarVentaRequest,
  CancelarRequest,
  Catalogos,
  Factura,
  FacturaPublicaRequest,
  FacturasListArgs,
  FacturasPage,
  GlobalRequest,
  Perfil,
  PerfilInput,
  PerfilUpdate,
  ProductoSinClave,
  SustituirRequest,
  VentaFacturable,
  VistaPrevia,
  VistaPreviaArgs,
} from '@/features/invoicing/types'

/**
 * The tags of the lists a sale's `factura` shows in, which change when it is invoiced: 'Compra'
 * is the customer's purchase history (session feature), 'Venta'/'Orden' the back office's sale
 * lists (sales feature).
 */
const VENTA_TAGS = [
  'Compra',
  { type: 'Venta', id: 'LIST' },
  { type: 'Orden', id: 'LIST' },
] as const

/** Every call of the invoicing API (issue 17): customers' fiscal data and invoices, staff screens. */
export const invoicingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogos: build.query<Catalogos, void>({
      query: () => 'facturas/catalogos',
    }),
    listPerfiles: build.query<Perfil[], void>({
      query: () => 'facturas/perfiles',
      transformResponse: (r: { perfiles?: Perfil[] }) => r.perfiles ?? [],
      providesTags: [{ type: 'Perfil', id: 'LIST' }],
    }),
    createPerfil: build.mutation<Perfil, PerfilInput & { predeterminado?: boolean }>({
      query: (body) => ({ url: 'facturas/perfiles', method: 'POST', body }),
      invalidatesTags: [{ type: 'Perfil', id: 'LIST' }],
    }),
    updatePerfil: build.mutation<Perfil, PerfilUpdate>({
      query: ({ id, ...body }) => ({ url: `facturas/perfiles/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Perfil', id: 'LIST' }],
    }),
    deletePerfil: build.mutation<void, string>({
      query: (id) => ({ url: `facturas/perfiles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Perfil', id: 'LIST' }],
    }),
    /** The signed-in customer invoices one of their sales; 202 with estado 'timbrando' when the PAC is slow. */
    createFactura: build.mutation<Factura, { ventaId: string; perfilId: string }>({
      query: ({ ventaId, perfilId }) => ({ url: `facturas/ventas/${encodeURIComponent(ventaId)}`, method: 'POST', body: { perfilId } }),
      invalidatesTags: [...VENTA_TAGS, { type: 'Factura', id: 'LIST' }],
    }),
    findVentaPublica: build.mutation<VentaFacturable, BuscarVentaRequest>({
      query: (body) => ({ url: 'facturas/publica/buscar', method: 'POST', body }),
    }),
    createFacturaPublica: build.mutation<Factura, FacturaPublicaRequest>({
      query: (body) => ({ url: 'facturas/publica', method: 'POST', body }),
      invalidatesTags: [...VENTA_TAGS, { type: 'Factura', id: 'LIST' }],
    }),
    listFacturas: build.query<FacturasPage, FacturasListArgs>({
      query: (args) => ({ url: 'facturas', params: presentParams(args) }),
      providesTags: [{ type: 'Factura', id: 'LIST' }],
    }),
    getFactura: build.query<Factura, string>({
      query: (id) => `facturas/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Factura', id }],
    }),
    sendFactura: build.mutation<void, { id: string; email?: string }>({
      query: ({ id, email }) => ({ url: `facturas/${encodeURIComponent(id)}/enviar`, method: 'POST', body: email ? { email } : {} }),
    }),
    cancelFactura: build.mutation<Factura, CancelarRequest>({
      query: ({ id, ...body }) => ({ url: `facturas/${encodeURIComponent(id)}/cancelar`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...VENTA_TAGS, { type: 'Factura', id: 'LIST' }, { type: 'Factura', id }],
    }),
    /** A new CFDI with corrected fiscal data for the same sales; 202 with estado 'timbrando' when the PAC is slow. */
    replaceFactura: build.mutation<Factura, SustituirRequest>({
      query: ({ id, ...body }) => ({ url: `facturas/${encodeURIComponent(id)}/sustituir`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...VENTA_TAGS, { type: 'Factura', id: 'LIST' }, { type: 'Factura', id }],
    }),
    previewFacturaGlobal: build.query<VistaPrevia, VistaPreviaArgs>({
      query: (params) => ({ url: 'facturas/global/vista-previa', params }),
      providesTags: [{ type: 'Factura', id: 'GLOBAL' }],
    }),
    createFacturaGlobal: build.mutation<Factura, GlobalRequest>({
      query: (body) => ({ url: 'facturas/global', method: 'POST', body }),
      invalidatesTags: [...VENTA_TAGS, { type: 'Factura', id: 'LIST' }, { type: 'Factura', id: 'GLOBAL' }],
    }),
    /** A page of the products without a SAT key (a distributor's catalogue may bring thousands). */
    listProductosSinClaveSat: build.query<{ productos: ProductoSinClave[]; meta: PageMeta }, { page: number; limit: number }>({
      query: (params) => ({ url: 'facturas/sin-clave-sat', params }),
      transformResponse: (r: { productos?: ProductoSinClave[]; meta?: Partial<PageMeta> }, _m, args) => ({
        productos: r.productos ?? [],
        meta: readMeta(r.meta, args),
      }),
      providesTags: ['Producto'],
    }),
  }),
})

export const {
  useGetCatalogosQuery,
  useListPerfilesQuery,
  useCreatePerfilMutation,
  useUpdatePerfilMutation,
  useDeletePerfilMutation,
  useCreateFacturaMutation,
  useFindVentaPublicaMutation,
  useCreateFacturaPublicaMutation,
  useListFacturasQuery,
  useLazyGetFacturaQuery,
  useSendFacturaMutation,
  useCancelFacturaMutation,
  useReplaceFacturaMutation,
  useLazyPreviewFacturaGlobalQuery,
  useCreateFacturaGlobalMutation,
  useListProductosSinClaveSatQuery,
} = invoicingApi
