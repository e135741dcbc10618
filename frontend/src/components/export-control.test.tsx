import { configureStore, type UnknownAction } from '@reduxjs/toolkit'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { ExportControl } from '@/components/export-control'
import { signedOut, sessionRejected } from '@/lib/session-events'

const encoder = new TextEncoder()

/** A CSV answer whose second half waits until `release` is called. */
function slowCSV() {
  let release = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\ufeffFolio,Total\r\nF-1,1.00\r\nF-2,2.00\r\n'))
      release = () => {
        controller.enqueue(encoder.encode('F-3,"3\r\n3"\r\nF-4,4.00\r\n'))
        controller.close()
      }
    },
  })
  const response = new Response(body, {
    headers: { 'X-Total-Filas': '4', 'Content-Disposition': 'attachment; filename="ventas-2026-11-01-a-2026-11-30.csv"' },
  })
  return { response, release: () => release() }
}

/** The control with a store that keeps the token and every action dispatched. */
function renderWithStore(params?: Record<string, string>) {
  const store = configureStore({
    reducer: {
      session: () => ({ token: 'tok' }),
      actions: (seen: string[] = [], action: UnknownAction) => [...seen, action.type],
    },
  })
  render(
    <Provider store={store}>
      <ExportControl path="/v1/ventas/exportar" params={params} what="ventas" />
    </Provider>,
  )
  return { user: userEvent.setup(), store }
}

const saved: string[] = []
beforeEach(() => {
  saved.length = 0
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }))
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('shows the rows received against the total, then saves the file', async () => {
  const { response, release } = slowCSV()
  const fetchMock = vi.fn(async () => response)
  vi.stubGlobal('fetch', fetchMock)
  const { user } = renderWithStore({ startDate: '2026-11-01', endDate: '2026-11-30', q: '' })
  await user.click(screen.getByRole('button', { name: 'Exportar ventas a CSV' }))
  expect(await screen.findByText('2 de 4 filas')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Exportar ventas a Excel' })).toBeDisabled()
  expect(fetchMock).toHaveBeenCalledWith(
    '/v1/ventas/exportar?startDate=2026-11-01&endDate=2026-11-30&formato=csv',
    expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }),
  )
  release()
  expect(await screen.findByText('Listo: se guardó ventas-2026-11-01-a-2026-11-30.csv (4 filas).')).toBeInTheDocument()
  expect(saved).toEqual(['ventas-2026-11-01-a-2026-11-30.csv'])
})

it('says in Spanish why the export failed', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'invalid', message: 'El periodo no puede ser mayor a un año.' } }), { status: 400 })),
  )
  const { user } = renderWithStore()
  await user.click(screen.getByRole('button', { name: 'Exportar ventas a Excel' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Error al exportar ventas: El periodo no puede ser mayor a un año.')
  expect(saved).toEqual([])
})

it('cancels a download and saves nothing', async () => {
  const { response } = slowCSV()
  vi.stubGlobal('fetch', vi.fn(async () => response))
  const { user } = renderWithStore()
  await user.click(screen.getByRole('button', { name: 'Exportar ventas a CSV' }))
  await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
  expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(saved).toEqual([])
})

it('signs the user out, as any refused API call does, when the server refuses the session', async () => {
  localStorage.setItem('token', 'tok')
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401 })))
  const { user, store } = renderWithStore()
  await user.click(screen.getByRole('button', { name: 'Exportar ventas a CSV' }))
  expect(await screen.findByText(/Error al exportar ventas: Tu sesión terminó/)).toBeInTheDocument()
  expect(store.getState().actions).toEqual(expect.arrayContaining([signedOut.type, sessionRejected.type]))
  expect(localStorage.getItem('token')).toBeNull()
})
