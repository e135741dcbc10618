import { api } from '@/lib/api'
import { registerErrorMessages, SPEC_MESSAGES } from '@/lib/error-messages'
import type { Cuenta } from '@/lib/cuenta'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'
import type { NewUsuarioRequest, UpdateUsuarioRequest, UsuariosListArgs, UsuariosPage } from '@/features/users/types'

type Data<T> = { data: T }

/** User administration (Administrador only; the server refuses everyone else). */
export const usuariosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of accounts, searched (name, e-mail, phone), filtered by rol and status, sorted. */
    listUsuarios: build.query<UsuariosPage, UsuariosListArgs>({
      query: (args) => ({ url: 'usuarios/lista', params: presentParams(args) }),
      transformResponse: (r: { usuarios?: Cuenta[]; meta?: Partial<PageMeta> }, _m, args) => ({
        usuarios: r.usuarios ?? [],
        meta: readMeta(r.meta, args),
      }),
      providesTags: ['Usuario'],
    }),
    createUsuario: build.mutation<Cuenta, NewUsuarioRequest>({
      query: (body) => ({ url: 'usuarios', method: 'POST', body }),
      transformResponse: (r: Data<Cuenta>) => r.data,
      invalidatesTags: ['Usuario'],
    }),
    updateUsuario: build.mutation<Cuenta, UpdateUsuarioRequest>({
      query: ({ _id, ...body }) => ({ url: `usuarios/${encodeURIComponent(_id)}`, method: 'PATCH', body }),
      transformResponse: (r: Data<Cuenta>) => r.data,
      invalidatesTags: ['Usuario'],
    }),
    deleteUsuario: build.mutation<void, string>({
      query: (id) => ({ url: `usuarios/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Usuario'],
    }),
  }),
})

registerErrorMessages({
  listUsuarios: SPEC_MESSAGES.usuarios,
  createUsuario: SPEC_MESSAGES.actualizarUsuario,
  updateUsuario: SPEC_MESSAGES.actualizarUsuario,
  deleteUsuario: SPEC_MESSAGES.eliminarUsuario,
})

export const { useListUsuariosQuery, useCreateUsuarioMutation, useUpdateUsuarioMutation, useDeleteUsuarioMutation } = usuariosApi
