import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'
import type { Categoria, CategoriaAdmin, CategoriaInput } from '@/lib/categorias'

type Lista<T> = { categorias: T[] }

const categoriasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/admin/categorias`: the tree with the products of each category (staff). */
    listCategoriasAdmin: build.query<CategoriaAdmin[], void>({
      query: () => 'admin/categorias',
      transformResponse: (body: Lista<CategoriaAdmin>) => body?.categorias ?? [],
      providesTags: ['Categoria'],
      keepUnusedDataFor: 0,
    }),
    createCategoria: build.mutation<{ categoria: Categoria }, CategoriaInput>({
      query: (body) => ({ url: 'admin/categorias', method: 'POST', body }),
      invalidatesTags: ['Categoria'],
    }),
    updateCategoria: build.mutation<{ categoria: Categoria }, { id: string; body: CategoriaInput }>({
      query: ({ id, body }) => ({ url: `admin/categorias/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Categoria'],
    }),
    reorderCategorias: build.mutation<Lista<CategoriaAdmin>, string[]>({
      query: (ids) => ({ url: 'admin/categorias/orden', method: 'PUT', body: { ids } }),
      invalidatesTags: ['Categoria'],
    }),
    deleteCategoria: build.mutation<void, string>({
      query: (id) => ({ url: `admin/categorias/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Categoria', 'Producto'],
    }),
  }),
})

registerErrorMessages({
  listCategoriasAdmin: 'Error al obtener las categorías',
  createCategoria: 'Error al guardar la categoría',
  updateCategoria: 'Error al actualizar la categoría',
  reorderCategorias: 'Error al ordenar las categorías',
  deleteCategoria: 'Error al eliminar la categoría',
})

export const {
  useListCategoriasAdminQuery,
  useCreateCategoriaMutation,
  useUpdateCategoriaMutation,
  useReorderCategoriasMutation,
  useDeleteCategoriaMutation,
} = categoriasApi
