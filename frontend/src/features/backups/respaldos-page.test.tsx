import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Respaldo } from '@/features/backups/types'
import { formatBytes, formatEvery } from '@/features/backups/format'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const older: Respaldo = { nombre: 'respaldo-20261126-213000', fecha: '2026-11-26T21:30:00Z', bytes: 5_432_100 }
// 03:30 UTC on the 28th is still the 27th, 21:30, in Mexico City.
const newest: Respaldo = { nombre: 'respaldo-20261127-213000', fecha: '2026-11-28T03:30:00Z', bytes: 12_345 }

describe("'Respaldos'", () => {
  it('lists the backups newest first with date in Mexico City time, size and name, and says how often they are taken', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/respaldos': json({ disponible: true, cadaHoras: 24, conservar: 14, respaldos: [newest, older] }),
    })
    renderApp('/respaldos')
    expect(await screen.findByRole('heading', { level: 1, name: 'Respaldos' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Respaldos guardados' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('2026-11-27 21:30')).toBeInTheDocument()
    expect(within(rows[0]).getByText('12.1 KB')).toBeInTheDocument()
    expect(within(rows[0]).getByText('respaldo-20261127-213000')).toBeInTheDocument()
    expect(within(rows[1]).getByText('2026-11-26 15:30')).toBeInTheDocument()
    expect(within(rows[1]).getByText('5.2 MB')).toBeInTheDocument()
    expect(screen.getByText(/respaldo automático cada día; se guardan los 14 más recientes/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Respaldos/ })).toHaveAttribute('href', '/respaldos')
  })

  it('takes a backup now: busy while it runs, then says so and lists it', async () => {
    storeSession({ rol: 'Administrador' })
    let list = [older]
    let release: () => void = () => {}
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/respaldos': () => json({ disponible: true, cadaHoras: 24, conservar: 14, respaldos: list }),
      'POST /v1/respaldos': () =>
        new Promise<Response>((resolve) => {
          release = () => {
            list = [newest, older]
            resolve(json(newest, 201))
          }
        }),
    })
    const { user } = renderApp('/respaldos')
    await user.click(await screen.findByRole('button', { name: 'Hacer respaldo ahora' }))
    const busy = await screen.findByRole('button', { name: 'Haciendo respaldo…' })
    expect(busy).toBeDisabled()
    release()
    expect(await screen.findByRole('status')).toHaveTextContent('Respaldo hecho: respaldo-20261127-213000 (12.1 KB).')
    expect(await screen.findByText('respaldo-20261127-213000', { selector: 'td' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hacer respaldo ahora' })).toBeEnabled()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it("says so when a backup is already being taken (409) and when the server fails", async () => {
    storeSession({ rol: 'Administrador' })
    let answer = json({ message: 'Ya se está haciendo un respaldo.' }, 409)
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/respaldos': json({ disponible: true, cadaHoras: 6, conservar: 14, respaldos: [] }),
      'POST /v1/respaldos': () => answer,
    })
    const { user } = renderApp('/respaldos')
    expect(await screen.findByText('Todavía no hay respaldos.')).toBeInTheDocument()
    expect(screen.getByText(/cada 6 horas/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hacer respaldo ahora' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya se está haciendo un respaldo.')

    answer = json({ error: { code: 'unavailable', message: 'No se pudo guardar: el servidor de la tienda se quedó sin espacio en disco.' } }, 503)
    await user.click(screen.getByRole('button', { name: 'Hacer respaldo ahora' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al hacer el respaldo: No se pudo guardar: el servidor de la tienda se quedó sin espacio en disco.',
    )
  })

  it('says when backups are taken only by hand', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/respaldos': json({ disponible: true, cadaHoras: 0, conservar: 14, respaldos: [older] }),
    })
    renderApp('/respaldos')
    expect(await screen.findByText(/no hace respaldos automáticos/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hacer respaldo ahora' })).toBeInTheDocument()
  })

  it('shows why there are no backups on MongoDB, without the button', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/respaldos': json({
        disponible: false,
        mensaje: 'La tienda usa MongoDB: los respaldos se hacen con mongodump o con las copias del proveedor.',
        respaldos: [],
      }),
    })
    renderApp('/respaldos')
    expect(await screen.findByText(/La tienda usa MongoDB/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Hacer respaldo ahora' })).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('is only for the Administrador', async () => {
    storeSession({ rol: 'Cajero' })
    mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp('/respaldos')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Hacer respaldo ahora' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Respaldos/ })).not.toBeInTheDocument()
  })
})

describe('backup sizes and schedule', () => {
  it('reads as people say them in es-MX', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(1023)).toBe('1,023 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB')
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB')
    expect(formatEvery(1)).toBe('cada hora')
    expect(formatEvery(24)).toBe('cada día')
    expect(formatEvery(168)).toBe('cada 7 días')
    expect(formatEvery(12)).toBe('cada 12 horas')
  })
})
