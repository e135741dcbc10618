import { api } from '@/lib/api'
import { registerErrorMessages, SPEC_MESSAGES } from '@/lib/error-messages'
import type { Cuenta } from '@/lib/cuenta'
import type {
  OwnPasswordRequest,
  PasswordChangeRequest,
  PerfilRequest,
  Compra,
  RegisterRequest,
} from '@/features/session/cuenta-types'

type Data<T> = { data: T }
type Message = { message: string }

/** The signed-in user's own account: registration, recovery, profile, password and purchases. */
export const cuentaApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Cuenta, RegisterRequest>({
      query: (body) => ({ url: 'usuarios', method: 'POST', body }),
      transformResponse: (r: Data<Cuenta>) => r.data,
    }),
    getCuenta: build.query<Cuenta, string>({
      query: (id) => `usuarios/${encodeURIComponent(id)}`,
      transformResponse: (r: Data<Cuenta>) => r.data,
      providesTags: ['Cuenta'],
    }),
    updateCuenta: build.mutation<Cuenta, PerfilRequest>({
      query: (body) => ({ url: 'usuarios/perfil', method: 'PATCH', body }),
      transformResponse: (r: Data<Cuenta>) => r.data,
      invalidatesTags: ['Cuenta'],
    }),
    updateCorreosPedidos: build.mutation<Cuenta, { sinCorreosPedidos: boolean }>({
      query: (body) => ({ url: 'usuarios/perfil/correos', method: 'PATCH', body }),
      transformResponse: (r: Data<Cuenta>) => r.data,
      invalidatesTags: ['Cuenta'],
    }),
    updateOwnPassword: build.mutation<{ token: string }, OwnPasswordRequest>({
      query: (body) => ({ url: 'usuarios/perfil/password', method: 'PATCH', body }),
      transformResponse: (r: Data<{ token: string }>) => r.data,
    }),
    recoverPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: 'usuarios/passwordrecovery', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Message, PasswordChangeRequest>({
      query: (body) => ({ url: 'usuarios/passwordchange', method: 'POST', body }),
    }),
    listCompras: build.query<Compra[], string>({
      query: (usuarioId) => `ventas/usuario/${encodeURIComponent(usuarioId)}`,
      // A plain list, or {data: list}; anything else counts as no purchases.
      transformResponse: (r: unknown) =>
        Array.isArray(r) ? r : Array.isArray((r as Data<unknown>)?.data) ? (r as Data<Compra[]>).data : [],
      providesTags: ['Compra'],
    }),
  }),
})

registerErrorMessages({
  register: SPEC_MESSAGES.actualizarUsuario,
  getCuenta: SPEC_MESSAGES.ingresar,
  updateCuenta: SPEC_MESSAGES.actualizarUsuario,
  updateOwnPassword: SPEC_MESSAGES.cambiarPassword,
  updateCorreosPedidos: SPEC_MESSAGES.actualizarUsuario,
  recoverPassword: SPEC_MESSAGES.restablecerPassword,
  resetPassword: SPEC_MESSAGES.cambiarPassword,
  listCompras: SPEC_MESSAGES.venta,
})

export const {
  useRegisterMutation,
  useGetCuentaQuery,
  useUpdateCuentaMutation,
  useUpdateOwnPasswordMutation,
  useUpdateCorreosPedidosMutation,
  useRecoverPasswordMutation,
  useResetPasswordMutation,
  useListComprasQuery,
} = cuentaApi
