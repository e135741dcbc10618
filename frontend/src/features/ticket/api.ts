import { api } from '@/lib/api'
import type { TicketVenta } from '@/features/ticket/types'

export const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTicket: build.query<TicketVenta, string>({
      query: (id) => `ventas/${encodeURIComponent(id)}`,
    }),
  }),
})

export const { useGetTicketQuery } = ticketApi
