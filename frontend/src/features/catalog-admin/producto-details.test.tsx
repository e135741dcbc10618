import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CaracteristicasFieldset, PicturesField, RecursosFieldset } from '@/features/catalog-admin/components/producto-form-details'
import { checkNumbers, emptyForm, formFromProducto, moved, toBody } from '@/features/catalog-admin/form-model'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import type { Recurso } from '@/lib/producto'

/** A field of the form with its own state, as the form holds it. */
function Stateful<T>({ initial, render: draw }: { initial: T; render: (v: T, set: (v: T) => void) => React.ReactNode }) {
  const [v, setV] = useState(initial)
  return <>{draw(v, setV)}</>
}

describe('the whole product in the form: model', () => {
  it('checks dimensions, features, resources and repeated variants in Spanish, naming the server’s fields', () => {
    const f = emptyForm()
    f.largo = '-3'
    f.ancho = '12.5'
    f.alto = 'diez'
    f.caracteristicas = ['IP67', '  ']
    f.recursos = [
      { nombre: 'Hoja de datos', link: 'https://x.mx/ds.pdf' },
      { nombre: '', link: 'ftp://x.mx/m.pdf' },
    ]
    f.variantes = [f.variantes[0], { ...f.variantes[0], talla: ' grande ', tamano: '32 ' }]
    expect(checkNumbers(f)).toEqual({
      largo: 'Largo: escribe una medida en centímetros mayor o igual a 0, por ejemplo 12.5.',
      alto: 'Alto: escribe una medida en centímetros mayor o igual a 0, por ejemplo 12.5.',
      'details.caracteristicas[1]': 'Característica 2: escríbela o quítala de la lista.',
      'details.recursos[1].nombre': 'Nombre del recurso 2: escribe su nombre, por ejemplo «Hoja de datos».',
      'details.recursos[1].link': 'Enlace del recurso 2: escribe una dirección web completa que empiece con http:// o https://.',
      'variantes[1].tamano': 'Variante 2: repite la talla y el tamaño de la variante 1; cambia uno de los dos o quítala.',
    })
  })

  it('sends the brand logo, dimensions and details with the pictures in order', () => {
    const f = emptyForm()
    f.nombre = 'Cámara'
    f.marcaLogo = ' https://x.mx/logo.png '
    f.largo = '12.5'
    f.caracteristicas = [' IP67 ', 'PoE']
    f.recursos = [{ nombre: ' Manual ', link: ' https://x.mx/m.pdf ' }]
    f.imagenes = ['data:image/png;base64,AAA', '/v1/imagenes/abc']
    expect(checkNumbers(f)).toEqual({})
    const body = toBody(f)
    expect(body).toMatchObject({
      marca_logo: 'https://x.mx/logo.png',
      largo: 12.5,
      ancho: 0,
      alto: 0,
      details: {
        caracteristicas: ['IP67', 'PoE'],
        recursos: [{ nombre: 'Manual', link: 'https://x.mx/m.pdf' }],
        imagenes: ['data:image/png;base64,AAA', '/v1/imagenes/abc'],
      },
    })
    expect(body).not.toHaveProperty('imagen')
  })

  it('reads a stored product: its picture list, or its one picture', () => {
    const withList = formFromProducto({ _id: 'p', imagen: '/v1/imagenes/a', details: { imagenes: ['/v1/imagenes/a', '/v1/imagenes/b'], recursos: [{ nombre: 'M', link: 'https://m' }] } })
    expect(withList.imagenes).toEqual(['/v1/imagenes/a', '/v1/imagenes/b'])
    expect(withList.recursos).toEqual([{ nombre: 'M', link: 'https://m' }])
    expect(formFromProducto({ _id: 'p', imagen: '/v1/imagenes/a' }).imagenes).toEqual(['/v1/imagenes/a'])
    expect(formFromProducto({ _id: 'p', largo: 0, alto: 7 })).toMatchObject({ largo: '', alto: '7' })
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
  })
})

describe('the whole product in the form: its lists', () => {
  it('pictures are added, moved and removed in order', async () => {
    const user = userEvent.setup()
    let last: string[] = []
    render(
      <Stateful<string[]>
        initial={['/v1/imagenes/a', '/v1/imagenes/b']}
        render={(v, set) => <PicturesField value={v} errors={{}} onChange={(x) => { last = x; set(x) }} />}
      />,
    )
    expect(screen.getByText('Imagen 1 (principal)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Bajar imagen 1' }))
    expect(last).toEqual(['/v1/imagenes/b', '/v1/imagenes/a'])
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'foto.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Agregar imágenes'), file)
    await waitFor(() => expect(last).toHaveLength(3))
    expect(last[2]).toMatch(/^data:image\/png;base64,/)
    await user.click(screen.getByRole('button', { name: 'Quitar imagen 1' }))
    expect(last).toEqual(['/v1/imagenes/a', last[1]])
    // Another type is refused in Spanish and nothing is added.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Agregar imágenes'), new File(['x'], 'doc.gif', { type: 'image/gif' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('«doc.gif»: la imagen debe ser JPEG, PNG o WebP.')
    expect(last).toHaveLength(2)
  })

  it('features and resources are added, reordered and removed', async () => {
    const user = userEvent.setup()
    let features: string[] = []
    let recursos: Recurso[] = []
    render(
      <>
        <Stateful<string[]> initial={['IP67']} render={(v, set) => <CaracteristicasFieldset items={v} errors={{}} onChange={(x) => { features = x; set(x) }} />} />
        <Stateful<Recurso[]>
          initial={[]}
          render={(v, set) => <RecursosFieldset items={v} errors={{ 'details.recursos[0].link': 'Enlace mal escrito.' }} onChange={(x) => { recursos = x; set(x) }} />}
        />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Agregar característica' }))
    await user.type(screen.getByLabelText('Característica 2'), 'PoE')
    await user.click(screen.getByRole('button', { name: 'Subir característica 2' }))
    expect(features).toEqual(['PoE', 'IP67'])
    await user.click(screen.getByRole('button', { name: 'Quitar característica 2' }))
    expect(features).toEqual(['PoE'])

    await user.click(screen.getByRole('button', { name: 'Agregar recurso' }))
    await user.type(screen.getByLabelText('Nombre del recurso 1'), 'Manual')
    await user.type(screen.getByLabelText('Enlace del recurso 1'), 'https://x.mx/m.pdf')
    expect(recursos).toEqual([{ nombre: 'Manual', link: 'https://x.mx/m.pdf' }])
    expect(screen.getByText('Enlace mal escrito.')).toBeInTheDocument()
  })
})

describe('archive instead of delete, and a discount in use', () => {
  beforeEach(() => storeSession({ rol: 'Auxiliar', name: 'Aux' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it("a refused delete shows the server's message and 'Archivar' archives the product", async () => {
    const producto = { _id: 'p1', nombre: 'Cámara vendida', stock: 3, variantes: [{ _id: 'v', precioVenta: 10, stock: 3 }] }
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/admin/productos': json({ products: [producto], meta: { hasMore: false, page: 1, total: 1, limit: 25 } }),
      'GET /v1/discounts': json({ data: [] }),
      'DELETE /v1/productos/p1': json({ error: { code: 'conflict', message: 'Este producto tiene existencias o ventas registradas. Usa «Archivar».' } }, 409),
      'POST /v1/productos/p1/archivar': json({ ...producto, archivado: true }),
    })
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: /Eliminar\s*Cámara vendida/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Cámara vendida' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este producto tiene existencias o ventas registradas. Usa «Archivar».')
    await user.click(within(dialog).getByRole('button', { name: 'Archivar' }))
    await waitFor(() => expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/v1/productos/p1/archivar'))).toBe(true))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Eliminar Cámara vendida' })).toBeNull())
  })

  it("'Archivados' lists the archived products, which can be restored", async () => {
    const producto = { _id: 'p2', nombre: 'Switch viejo', archivado: true, stock: 0 }
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/admin/productos': json({ products: [producto], meta: { hasMore: false, page: 1, total: 1, limit: 25 } }),
      'POST /v1/productos/p2/restaurar': json({ ...producto, archivado: false }),
    })
    const { user } = renderApp('/productos?archivados=1')
    await user.click(await screen.findByRole('button', { name: /Restaurar\s*Switch viejo/ }))
    await waitFor(() => expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/restaurar'))).toBe(true))
    expect(calls.some((r) => r.method === 'GET' && new URL(r.url).searchParams.get('archivados') === '1')).toBe(true)
  })

  it('deleting a discount in use shows which products use it', async () => {
    const message = 'No se puede eliminar el descuento «Buen Fin»: 7 productos usan este descuento («A», «B», «C», «D», «E» y 2 más).'
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/discounts': json({ data: [{ _id: 'd1', name: 'Buen Fin', description: '', percentage: 10, expirationDate: '2099-12-31' }] }),
      'DELETE /v1/discounts/d1': json({ error: { code: 'conflict', message } }, 409),
    })
    const { user } = renderApp('/descuentos')
    await user.click(await screen.findByRole('button', { name: /Eliminar\s*Buen Fin/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Buen Fin' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
  })
})
