import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type {
  Ajustes,
  Busqueda,
  Cambio,
  Importacion,
  Opcion,
  PaginaProductos,
  Reglas,
  ResultadoSincronizacion,
  Seleccion,
} from '@/features/supplier-catalog/types'

const proveedorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/proveedor/ajustes`: credentials set or not (never the secret), rules, sync schedule. */
    getAjustesProveedor: build.query<Ajustes, void>({ query: () => 'proveedor/ajustes', providesTags: ['ProveedorAjustes'] }),
    /** `PUT /v1/proveedor/credenciales`: checked with Syscom before they are kept. */
    updateCredencialesProveedor: build.mutation<Ajustes, { clientId: string; clientSecret: string }>({
      query: (body) => ({ url: 'proveedor/credenciales', method: 'PUT', body }),
      invalidatesTags: ['ProveedorAjustes'],
    }),
    updateReglasProveedor: build.mutation<Ajustes, Reglas>({
      query: (body) => ({ url: 'proveedor/reglas', method: 'PUT', body }),
      invalidatesTags: ['ProveedorAjustes'],
    }),
    listCategoriasProveedor: build.query<Opcion[], void>({ query: () => 'proveedor/categorias' }),
    listMarcasProveedor: build.query<Opcion[], void>({ query: () => 'proveedor/marcas' }),
    searchProductosProveedor: build.query<PaginaProductos, Busqueda>({
      query: (b) => ({ url: 'proveedor/productos', params: Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined && v !== '')) }),
    }),
    listImportacionesProveedor: build.query<Importacion[], void>({ query: () => 'proveedor/importaciones', providesTags: ['ProveedorImportacion'] }),
    createImportacionProveedor: build.mutation<Importacion, Seleccion>({
      query: (body) => ({ url: 'proveedor/importaciones', method: 'POST', body }),
      invalidatesTags: ['ProveedorImportacion'],
    }),
    listCambiosProveedor: build.query<Cambio[], void>({ query: () => 'proveedor/cambios', providesTags: ['ProveedorCambio'] }),
    syncProveedor: build.mutation<ResultadoSincronizacion, void>({
      query: () => ({ url: 'proveedor/sincronizar', method: 'POST' }),
      invalidatesTags: ['ProveedorCambio', 'ProveedorAjustes'],
    }),
  }),
})

registerErrorMessages({
  getAjustesProveedor: 'Error al obtener los ajustes del proveedor',
  updateCredencialesProveedor: 'Error al guardar las credenciales',
  updateReglasProveedor: 'Error al guardar las reglas de precio',
  listCategoriasProveedor: 'Error al obtener las categorías del proveedor',
  listMarcasProveedor: 'Error al obtener las marcas del proveedor',
  searchProductosProveedor: 'Error al buscar en el catálogo del proveedor',
  listImportacionesProveedor: 'Error al obtener las importaciones',
  createImportacionProveedor: 'Error al iniciar la importación',
  listCambiosProveedor: 'Error al obtener los cambios de la sincronización',
  syncProveedor: 'Error al sincronizar con el proveedor',
})

export const {
  useGetAjustesProveedorQuery,
  useUpdateCredencialesProveedorMutation,
  useUpdateReglasProveedorMutation,
  useListCategoriasProveedorQuery,
  useListMarcasProveedorQuery,
  useSearchProductosProveedorQuery,
  useListImportacionesProveedorQuery,
  useCreateImportacionProveedorMutation,
  useListCambiosProveedorQuery,
  useSyncProveedorMutation,
} = proveedorApi
