import { api } from '@/lib/api'
import type { LoginRequest, LoginResponse } from '@/lib/session'

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'usuarios/login', method: 'POST', body }),
    }),
  }),
})

export const { useLoginMutation } = sessionApi
