import { api } from '@/lib/api'
import type { PublicConfig } from '@/lib/config'

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<PublicConfig, void>({
      query: () => 'config',
      providesTags: ['Config'],
      // The details change rarely; keep them for the whole visit.
      keepUnusedDataFor: 3600,
    }),
  }),
})

export const { useGetConfigQuery } = configApi
