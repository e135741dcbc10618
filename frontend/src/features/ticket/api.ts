import { api } from '@/lib/api'
import type { TicketSale } from '@/features/ticket/types'

export const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTicket: build.query<TicketSale, string>({
      query: (id) => `ventas/${encodeURIComponent(id)}`,
    }),
  }),
})

export const { useGetTicketQuery } = ticketApi
