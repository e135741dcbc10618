import { screen, within } from '@testing-library/react'
import { File as NodeFile } from 'node:buffer'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { filasText, planSummary } from '@/features/catalog-admin/importacion-labels'
import type { PlanImportacion, TrabajoImportacion } from '@/features/catalog-admin/importacion-api'

const plan: PlanImportacion = {
  filas: 6,
  nuevos: [{ filas: [4], producto: 'Switch PoE' }],
  cambios: [
    {
      filas: [2],
      id: 'p1',
      producto: 'Cámara domo',
      cambios: [
        { campo: 'Precio de venta (sin IVA) · Grande / 32', antes: '$150.00', despues: '$175.50' },
        { campo: 'Existencias · Grande / 32', antes: '5', despues: '9' },
      ],
    },
  ],
  sinCambios: [{ filas: [3], id: 'p2', producto: 'Router' }],
  rechazados: [
    { fila: 5, columna: 'Categoría', motivo: 'Elige una de las categorías de la lista.' },
    { fila: 6, columna: 'Precio de venta (sin IVA)', motivo: 'Debe ser un número; «doce» no lo es.' },
    { fila: 7, columna: 'Producto', motivo: 'Escribe el nombre del producto (o su modelo, si ya está en el catálogo).' },
  ],
  columnasIgnoradas: [],
}

function trabajo(over: Partial<TrabajoImportacion>): TrabajoImportacion {
  return {
    _id: 'j1',
    estado: 'pendiente',
    archivo: 'productos.csv',
    filas: 6,
    total: 0,
    hechos: 0,
    creados: 0,
    actualizados: 0,
    sinCambios: 0,
    ajustes: 0,
    numRechazados: 0,
    rechazados: [],
    numErrores: 0,
    errores: [],
    usuario: 'Alma Auxiliar',
    creada: '2026-11-28T04:00:00Z',
    ...over,
  }
}

const running = trabajo({ estado: 'en_curso', total: 2, hechos: 1, creados: 1, sinCambios: 1, numRechazados: 3, rechazados: plan.rechazados })
const finished = trabajo({ ...running, estado: 'terminada', hechos: 2, actualizados: 1, ajustes: 1, terminada: '2026-11-28T04:01:00Z' })

/** The job's reads answer each state in turn, the last one from then on. */
function states(...js: TrabajoImportacion[]) {
  let i = 0
  return () => json(js[Math.min(i++, js.length - 1)])
}

function server(extra = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/admin/productos': json({ products: [], meta: { page: 1, limit: 25, total: 0, hasMore: false } }),
    'GET /v1/productos/importaciones': json({ importaciones: [] }),
    'POST /v1/productos/importar': (r: Request) => json(new URL(r.url).searchParams.get('vista') === '1' ? plan : trabajo({}), 202),
    'GET /v1/productos/importaciones/j1': states(trabajo({}), running, finished),
    ...extra,
  })
}

describe('Importar productos', () => {
  beforeEach(() => storeSession({ rol: 'Auxiliar', name: 'Alma Auxiliar' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('says how many rows of each kind a plan has, and which rows a product comes from', () => {
    expect(planSummary(plan)).toBe('1 nuevos · 1 con cambios · 1 sin cambios · 3 filas rechazadas')
    expect(filasText([3])).toBe('Fila 3')
    expect(filasText([3, 4])).toBe('Filas 3, 4')
  })

  it('previews a file (new, before/after, unchanged, refused with reasons), applies it on confirmation and shows the result', async () => {
    const { calls } = server()
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Importar productos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar productos' })
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige el archivo CSV o Excel que quieres importar.')
    expect(calls.some((r) => r.method === 'POST')).toBe(false)

    // Node's File and FormData: the request (Node's, see setupTests) cannot read jsdom's.
    const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor
    vi.stubGlobal('FormData', NodeFormData)
    const file = new NodeFile(['Producto;Categoría\r\nSwitch PoE;Switches\r\n'], 'productos.csv', { type: 'text/csv' }) as unknown as File
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), file)
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }))
    expect(await within(dialog).findByText('1 nuevos · 1 con cambios · 1 sin cambios · 3 filas rechazadas')).toBeInTheDocument()
    const previewCall = calls.find((r) => r.method === 'POST')!
    expect(new URL(previewCall.url).searchParams.get('vista')).toBe('1')
    const sent = (await previewCall.formData()).get('archivo') as File
    expect(sent.name).toBe('productos.csv')
    expect(await sent.text()).toContain('Switch PoE;Switches')

    expect(within(within(dialog).getByRole('region', { name: 'Nuevos' })).getByText('Switch PoE')).toBeInTheDocument()
    const cambios = within(dialog).getAllByTestId('cambio')
    expect(cambios[0]).toHaveTextContent('Cámara domo (Fila 2)')
    expect(cambios[0]).toHaveTextContent('$150.00')
    expect(cambios[0]).toHaveTextContent('$175.50')
    expect(cambios[1]).toHaveTextContent('Existencias · Grande / 32')
    const rechazos = within(dialog).getAllByTestId('rechazo')
    expect(rechazos).toHaveLength(3)
    expect(rechazos[1]).toHaveTextContent('6Precio de venta (sin IVA)Debe ser un número; «doce» no lo es.')

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar (2)' }))
    expect(await within(dialog).findByText('Preparando la importación de 6 filas…')).toBeInTheDocument()
    expect(await within(dialog).findByText('Importando… 1 de 2 productos (50 %)', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar', { name: 'Avance de la importación' })).toHaveAttribute('value', '50')
    expect(
      await within(dialog).findByText(/Importación terminada: 1 productos creados, 1 actualizados \(1 ajustes de existencias\), 1 sin cambios y 3 filas rechazadas/, {}, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(within(dialog).getAllByTestId('rechazo')).toHaveLength(3)
    const posts = calls.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(new URL(posts[1].url).searchParams.has('vista')).toBe(false)
    const reads = calls.filter((r) => r.method === 'GET' && r.url.endsWith('/v1/productos/importaciones/j1')).length
    await new Promise((r) => setTimeout(r, 1500))
    expect(calls.filter((r) => r.method === 'GET' && r.url.endsWith('/v1/productos/importaciones/j1')).length).toBe(reads) // no polling once finished
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the import still running when the dialog is opened again, and lets it be closed meanwhile', async () => {
    server({
      'GET /v1/productos/importaciones': json({ importaciones: [running] }),
      'GET /v1/productos/importaciones/j1': states(running, running, finished),
    })
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Importar productos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar productos' })
    expect(await within(dialog).findByText('Importando… 1 de 2 productos (50 %)')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Archivo CSV o Excel')).toBeNull()
    expect(within(dialog).getByText(/La importación sigue aunque cierres esta ventana/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Seguir en segundo plano' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says why an import stopped', async () => {
    server({
      'GET /v1/productos/importaciones': json({ importaciones: [running] }),
      'GET /v1/productos/importaciones/j1': json(trabajo({ estado: 'fallida', mensaje: 'El archivo de la importación ya no está. Vuelve a importarlo.' })),
    })
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Importar productos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar productos' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El archivo de la importación ya no está. Vuelve a importarlo.')
    expect(within(dialog).getByRole('button', { name: 'Listo' })).toBeInTheDocument()
  })

  it("shows the server's Spanish message for a file it cannot read", async () => {
    server({
      'POST /v1/productos/importar': json({ error: { code: 'invalid', message: 'No se encontraron los títulos de las columnas.' } }, 400),
    })
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Importar productos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar productos' })
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), new File(['a;b'], 'x.csv', { type: 'text/csv' }))
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se encontraron los títulos de las columnas.')
    expect(within(dialog).queryByRole('button', { name: /Aplicar/ })).toBeNull()
  })
})
