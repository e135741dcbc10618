import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CategoriaAdmin } from '@/lib/categorias'
import { sampleCategorias } from '@/testing/categorias'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// 'Categorías' (issue 28, item 2): the Administrador manages the tree the shop draws.

const withUses = (n: number): CategoriaAdmin[] => sampleCategorias.map((c, i) => ({ ...c, productos: i === 1 ? n : 0 }))

describe("'Categorías'", () => {
  it('lists the tree, adds a category under another and shows it; checks the form in Spanish first', async () => {
    storeSession({ rol: 'Administrador' })
    let list = withUses(3)
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/admin/categorias': () => json({ categorias: list }),
      'POST /v1/admin/categorias': async (r) => {
        const b = (await bodyOf(r)) as CategoriaAdmin
        const created = { ...b, id: 'camaras-termicas', orden: 3, alias: [], productos: 0 }
        list = [...list.slice(0, 4), created, ...list.slice(4)]
        return json({ categoria: created }, 201)
      },
    })
    const { user } = renderApp('/categorias')
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorías' })).toBeInTheDocument()
    const tree = await screen.findByRole('list', { name: 'Categorías de la tienda' })
    expect(within(tree).getAllByRole('listitem')).toHaveLength(27)
    expect(within(tree).getByText('Camaras y DVRs HD')).toBeInTheDocument()
    expect(within(tree).getByText('3 productos')).toBeInTheDocument()
    expect(within(tree).getByText(/Tarjeta en la tienda · En el menú como «Video Vigilancia»/)).toBeInTheDocument()
    // The admin drawer links the screen.
    expect(screen.getByRole('link', { name: /Categorías/ })).toHaveAttribute('href', '/categorias')

    await user.click(screen.getByRole('button', { name: 'Nueva categoría' }))
    const form = screen.getByRole('form', { name: 'Nueva categoría' })
    await user.clear(within(form).getByRole('textbox', { name: 'Color' }))
    await user.type(within(form).getByRole('textbox', { name: 'Color' }), 'rojo')
    await user.click(within(form).getByRole('button', { name: 'Agregar categoría' }))
    expect(within(form).getByText('Este campo es obligatorio.')).toBeInTheDocument()
    expect(within(form).getByText('Debe ser un color como #1f5a96.')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.type(within(form).getByLabelText('Nombre'), 'Cámaras térmicas')
    await user.selectOptions(within(form).getByLabelText('Dentro de'), '22')
    await user.selectOptions(within(form).getByLabelText('Icono'), 'camara')
    const colour = within(form).getByRole('textbox', { name: 'Color' })
    await user.clear(colour)
    await user.type(colour, '#aa3300')
    await user.click(within(form).getByLabelText('Tarjeta en la tienda (franja de categorías)'))
    await user.click(within(form).getByRole('button', { name: 'Agregar categoría' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Categoría Cámaras térmicas agregada.')
    const post = calls.find((c) => c.method === 'POST')!
    expect(await bodyOf(post)).toEqual({ nombre: 'Cámaras térmicas', padre: '22', icono: 'camara', color: '#aa3300', tarjeta: true, menu: '' })
    expect(await within(tree).findByText('Cámaras térmicas')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Nueva categoría' })).toBeNull()
  }, 60_000) // 27 rows and a dozen typed fields: about 20 s on a busy machine

  it("shows the server's Spanish field error, moves a category down, and says why a delete is refused", async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/admin/categorias': json({ categorias: withUses(2) }),
      'POST /v1/admin/categorias': json(
        { error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { nombre: 'Ya hay una categoría con este nombre en el mismo nivel.' } } },
        400,
      ),
      'PUT /v1/admin/categorias/orden': json({ categorias: withUses(2) }),
      'DELETE /v1/admin/categorias/camaras-y-dvrs-hd': json(
        { error: { code: 'conflict', message: 'No se puede eliminar: la usan 2 productos. Cámbialos de categoría primero.' } },
        409,
      ),
    })
    const { user } = renderApp('/categorias')
    await user.click(await screen.findByRole('button', { name: 'Nueva categoría' }))
    const form = screen.getByRole('form', { name: 'Nueva categoría' })
    await user.type(within(form).getByLabelText('Nombre'), 'Marketing')
    await user.click(within(form).getByRole('button', { name: 'Agregar categoría' }))
    expect(await within(form).findByText('Ya hay una categoría con este nombre en el mismo nivel.')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }))

    // The first of a level cannot go up; moving it down sends its level in the new order.
    expect(screen.getByRole('button', { name: 'Subir Camaras y DVRs HD' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Bajar Camaras y DVRs HD' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(await bodyOf(calls.find((c) => c.method === 'PUT')!)).toEqual({ ids: ['camaras-ip-y-nvrs', 'camaras-y-dvrs-hd', 'almacenamiento'] })

    await user.click(screen.getByRole('button', { name: 'Eliminar Camaras y DVRs HD' }))
    const dialog = screen.getByRole('dialog', { name: 'Eliminar Camaras y DVRs HD' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se puede eliminar: la usan 2 productos. Cámbialos de categoría primero.')
  })

  it('is the Administrador’s: an Auxiliar has no link to it', async () => {
    storeSession({ rol: 'Auxiliar' })
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/admin/productos': json({ products: [], meta: { page: 1, limit: 25, total: 0 } }) })
    renderApp('/productos')
    expect(await screen.findByRole('link', { name: /Productos/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Categorías/ })).toBeNull()
  })
})
