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

const supplierApi = api.enhanceEndpoints({ addTagTypes: ['ProveedorAjustes', 'ProveedorImportaciones', 'ProveedorCambios'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/proveedor/ajustes`: credentials set or not (never the secret), rules, sync schedule. */
    getAjustesProveedor: build.query<Ajustes, void>({ query: () => 'proveedor/ajustes', providesTags: ['ProveedorAjustes'] }),
    /** `PUT /v1/proveedor/credenciales`: checked with Syscom before they are kept. */
    guardarCredenciales: build.mutation<Ajustes, { clientId: string; clientSecret: string }>({
      query: (body) => ({ url: 'proveedor/credenciales', method: 'PUT', body }),
      invalidatesTags: ['ProveedorAjustes'],
    }),
    guardarReglas: build.mutation<Ajustes, Reglas>({
      query: (body) => ({ url: 'proveedor/reglas', method: 'PUT', body }),
      invalidatesTags: ['ProveedorAjustes'],
    }),
    getCategoriasProveedor: build.query<Opcion[], void>({ query: () => 'proveedor/categorias' }),
    getMarcasProveedor: build.query<Opcion[], void>({ query: () => 'proveedor/marcas' }),
    buscarProductosProveedor: build.query<PaginaProductos, Busqueda>({
      query: (b) => ({ url: 'proveedor/productos', params: Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined && v !== '')) }),
    }),
    getImportaciones: build.query<Importacion[], void>({ query: () => 'proveedor/importaciones', providesTags: ['ProveedorImportaciones'] }),
    importar: build.mutation<Importacion, Seleccion>({
      query: (body) => ({ url: 'proveedor/importaciones', method: 'POST', body }),
      invalidatesTags: ['ProveedorImportaciones'],
    }),
    getCambiosProveedor: build.query<Cambio[], void>({ query: () => 'proveedor/cambios', providesTags: ['ProveedorCambios'] }),
    sincronizarProveedor: build.mutation<ResultadoSincronizacion, void>({
      query: () => ({ url: 'proveedor/sincronizar', method: 'POST' }),
      invalidatesTags: ['ProveedorCambios', 'ProveedorAjustes'],
    }),
  }),
})

registerErrorMessages({
  getAjustesProveedor: 'Error al obtener los ajustes del proveedor',
  guardarCredenciales: 'Error al guardar las credenciales',
  guardarReglas: 'Error al guardar las reglas de precio',
  getCategoriasProveedor: 'Error al obtener las categorías del proveedor',
  getMarcasProveedor: 'Error al obtener las marcas del proveedor',
  buscarProductosProveedor: 'Error al buscar en el catálogo del proveedor',
  getImportaciones: 'Error al obtener las importaciones',
  importar: 'Error al iniciar la importación',
  getCambiosProveedor: 'Error al obtener los cambios de la sincronización',
  sincronizarProveedor: 'Error al sincronizar con el proveedor',
})

export const {
  useGetAjustesProveedorQuery,
  useGuardarCredencialesMutation,
  useGuardarReglasMutation,
  useGetCategoriasProveedorQuery,
  useGetMarcasProveedorQuery,
  useBuscarProductosProveedorQuery,
  useGetImportacionesQuery,
  useImportarMutation,
  useGetCambiosProveedorQuery,
  useSincronizarProveedorMutation,
} = supplierApi
