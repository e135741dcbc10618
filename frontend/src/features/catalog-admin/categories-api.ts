import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type { Categoria, CategoriaAdmin, CategoriaInput } from '@/lib/categories'

type Lista<T> = { categorias: T[] }

const categoriesApi = api.enhanceEndpoints({ addTagTypes: ['Categorias'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/admin/categorias`: the tree with the products of each category (staff). */
    getCategoriasAdmin: build.query<CategoriaAdmin[], void>({
      query: () => 'admin/categorias',
      transformResponse: (body: Lista<CategoriaAdmin>) => body?.categorias ?? [],
      providesTags: ['Categorias'],
      keepUnusedDataFor: 0,
    }),
    crearCategoria: build.mutation<{ categoria: Categoria }, CategoriaInput>({
      query: (body) => ({ url: 'admin/categorias', method: 'POST', body }),
      invalidatesTags: ['Categorias'],
    }),
    actualizarCategoria: build.mutation<{ categoria: Categoria }, { id: string; body: CategoriaInput }>({
      query: ({ id, body }) => ({ url: `admin/categorias/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Categorias'],
    }),
    ordenarCategorias: build.mutation<Lista<CategoriaAdmin>, string[]>({
      query: (ids) => ({ url: 'admin/categorias/orden', method: 'PUT', body: { ids } }),
      invalidatesTags: ['Categorias'],
    }),
    eliminarCategoria: build.mutation<void, string>({
      query: (id) => ({ url: `admin/categorias/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Categorias', 'Producto'],
    }),
  }),
})

registerErrorMessages({
  getCategoriasAdmin: 'Error al obtener las categorías',
  crearCategoria: 'Error al guardar la categoría',
  actualizarCategoria: 'Error al actualizar la categoría',
  ordenarCategorias: 'Error al ordenar las categorías',
  eliminarCategoria: 'Error al eliminar la categoría',
})

export const {
  useGetCategoriasAdminQuery,
  useCrearCategoriaMutation,
  useActualizarCategoriaMutation,
  useOrdenarCategoriasMutation,
  useEliminarCategoriaMutation,
} = categoriesApi
