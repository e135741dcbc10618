import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Ajustes, Importacion } from '@/features/supplier-catalog/types'
import { parseRuleLines } from '@/features/supplier-catalog/format'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const reglas = { general: 30, minimo: 10, porCategoria: {}, porMarca: {}, terminacion: 9 }
const sin: Ajustes = { configuradas: false, reglas, sincronizarCadaHoras: 6 }
const con: Ajustes = { configuradas: true, clientIdFin: 'a1b2', secretoFin: '9f3e', reglas, sincronizarCadaHoras: 6 }

function importacion(over: Partial<Importacion>): Importacion {
  return {
    _id: 'j1',
    seleccion: { categorias: ['22'], marcas: [], productos: [] },
    estado: 'en_curso',
    total: 10,
    hechos: 3,
    creados: 3,
    fallidos: 0,
    errores: {},
    creada: '2026-11-28T03:30:00Z',
    ...over,
  }
}

describe("'Catálogo del proveedor'", () => {
  it('saves the credentials, checked by the server, and never shows the secret again', async () => {
    storeSession({ rol: 'Administrador' })
    let ajustes = sin
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/proveedor/ajustes': () => json(ajustes),
      'PUT /v1/proveedor/credenciales': async (r) => {
        const body = (await bodyOf(r)) as { clientSecret: string }
        if (body.clientSecret !== 'secreto-9f3e') {
          return json({ error: { code: 'invalid', message: 'Syscom rechazó el ID de cliente y el secreto: revísalos en tu cuenta de desarrollador de Syscom.' } }, 400)
        }
        ajustes = con
        return json(con)
      },
      'GET /v1/proveedor/categorias': json([{ id: '22', nombre: 'Videovigilancia' }]),
      'GET /v1/proveedor/marcas': json([{ id: 'hikvision', nombre: 'HIKVISION' }]),
      'GET /v1/proveedor/importaciones': json([]),
      'GET /v1/proveedor/cambios': json([]),
    })
    const { user } = renderApp('/proveedor')
    expect(await screen.findByRole('heading', { level: 1, name: 'Catálogo del proveedor' })).toBeInTheDocument()
    expect(await screen.findByTestId('estado-credenciales')).toHaveTextContent('Todavía no hay credenciales')
    expect(screen.queryByRole('region', { name: 'Catálogo de Syscom' })).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('ID de cliente'), 'mi-id-a1b2')
    await user.type(screen.getByLabelText('Secreto'), 'otro')
    await user.click(screen.getByRole('button', { name: 'Guardar credenciales' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Syscom rechazó el ID de cliente y el secreto')

    await user.clear(screen.getByLabelText('Secreto'))
    await user.type(screen.getByLabelText('Secreto'), 'secreto-9f3e')
    await user.click(screen.getByRole('button', { name: 'Guardar credenciales' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Credenciales guardadas: Syscom las aceptó.')
    // The saved credentials show once the settings are read again (the save invalidates them).
    await waitFor(() => expect(screen.getByTestId('estado-credenciales')).toHaveTextContent('ID de cliente …a1b2, secreto …9f3e'))
    expect(screen.getByLabelText('Secreto')).toHaveValue('')
    expect(screen.getByLabelText('Secreto')).toHaveAttribute('type', 'password')
    expect(await screen.findByRole('region', { name: 'Catálogo de Syscom' })).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2)
  })

  it("asks for the credentials again when the shop's secret changed", async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/proveedor/ajustes': json({ ...sin, reingresar: true }),
    })
    renderApp('/proveedor')
    expect(await screen.findByTestId('estado-credenciales')).toHaveTextContent(
      'La clave secreta de la tienda cambió y las credenciales guardadas ya no se pueden leer: vuelve a escribir el ID de cliente y el secreto.',
    )
    expect(screen.queryByRole('region', { name: 'Catálogo de Syscom' })).not.toBeInTheDocument()
  })

  it('checks the margin rules before sending them', async () => {
    storeSession({ rol: 'Administrador' })
    let sent: unknown = null
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/proveedor/ajustes': json(sin),
      'PUT /v1/proveedor/reglas': async (r) => {
        sent = await bodyOf(r)
        return json(sin)
      },
    })
    const { user } = renderApp('/proveedor')
    const marca = await screen.findByLabelText(/Margen por marca/)
    await user.type(marca, 'HIKVISION=mucho')
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe cada regla como nombre=porcentaje')
    expect(sent).toBeNull()
    await user.clear(marca)
    await user.type(marca, 'HIKVISION=25')
    await user.clear(screen.getByLabelText('Terminación del precio (pesos)'))
    await user.type(screen.getByLabelText('Terminación del precio (pesos)'), '99')
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Reglas guardadas')
    expect(sent).toEqual({ general: 30, minimo: 10, terminacion: 99, porCategoria: {}, porMarca: { HIKVISION: 25 } })
  })

  it('imports a picked category and follows its progress until it ends', async () => {
    storeSession({ rol: 'Administrador' })
    let importaciones: Importacion[] = []
    let reads = 0
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/proveedor/ajustes': json(con),
      'GET /v1/proveedor/categorias': json([
        { id: '22', nombre: 'Videovigilancia' },
        { id: '26', nombre: 'Redes e IT' },
      ]),
      'GET /v1/proveedor/marcas': json([]),
      'GET /v1/proveedor/cambios': json([
        { _id: 'c1', fecha: '2026-11-28T03:30:00Z', productoId: '1', producto: 'p', nombre: 'Cámara C6N', campo: 'precio', antes: '1249.00', despues: '1299.00' },
      ]),
      'GET /v1/proveedor/importaciones': () => {
        reads++
        if (importaciones.length && reads > 3) importaciones = [importacion({ estado: 'terminada', hechos: 10, creados: 10 })]
        return json(importaciones)
      },
      'POST /v1/proveedor/importaciones': () => {
        importaciones = [importacion({})]
        return json(importaciones[0], 202)
      },
    })
    const { user } = renderApp('/proveedor')
    const cats = await screen.findByRole('group', { name: 'Categorías' })
    await user.click(await within(cats).findByLabelText('Videovigilancia'))
    await user.click(screen.getByRole('button', { name: 'Importar (1)' }))
    expect(await screen.findByText(/Importación iniciada/)).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')!
    expect(await bodyOf(post)).toEqual({ categorias: ['22'], marcas: [], productos: [] })
    expect(await screen.findByTestId('avance-importacion')).toHaveTextContent('3 de 10')
    await waitFor(() => expect(screen.getByTestId('estado-importacion')).toHaveTextContent('Terminada'), { timeout: 8000 })
    expect(screen.getByTestId('avance-importacion')).toHaveTextContent('10 de 10 · 10 nuevos · 0 con error')
    const log = screen.getByRole('table', { name: 'Cambios de la sincronización' })
    expect(within(log).getByText('Cámara C6N')).toBeInTheDocument()
    expect(within(log).getByText('1299.00')).toBeInTheDocument()
  }, 15000)

  it('shows the distributor not answering in Spanish', async () => {
    storeSession({ rol: 'Administrador' })
    const down = json({ error: { code: 'unavailable', message: 'Syscom no responde por ahora: intenta de nuevo más tarde.' } }, 503)
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/proveedor/ajustes': json(con),
      'GET /v1/proveedor/categorias': () => down.clone(),
      'GET /v1/proveedor/marcas': () => down.clone(),
      'GET /v1/proveedor/importaciones': json([]),
      'GET /v1/proveedor/cambios': json([]),
    })
    renderApp('/proveedor')
    const alerts = await screen.findAllByRole('alert')
    expect(alerts[0]).toHaveTextContent('Syscom no responde por ahora')
  })
})

describe('parseRuleLines', () => {
  it('reads name=percent lines and refuses anything else', () => {
    expect(parseRuleLines('22=25\n\n HIKVISION = 12.5% ')).toEqual({ rules: { '22': 25, HIKVISION: 12.5 } })
    expect(parseRuleLines('22').error).toMatch(/nombre=porcentaje/)
  })
})
