import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { DEMO, apiToken, bearer, logIn, startShop, type Shop } from './helpers'

// 'Catálogo del proveedor' (issue 28): the Administrador sets the shop's Syscom credentials
// against the fake Syscom (scripts/fakesyscom, which serves its pictures too), imports a whole
// category and finds one of its products, with its picture stored by the shop, in the storefront.

let fake: ChildProcess
let fakeURL = ''
let shop: Shop

test.beforeAll(async () => {
  const addrFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fakesyscom-')), 'addr')
  const bin = path.resolve(process.cwd(), process.env.FAKESYSCOM_BIN || '../bin/fakesyscom')
  // A small catalogue: a category holds a handful of products, imported in seconds at the
  // client's pace (50 calls a minute).
  fake = spawn(bin, ['-addr', '127.0.0.1:0', '-addr-file', addrFile, '-products', '60', '-client-id', 'id-e2e', '-client-secret', 'secreto-e2e-4321'], {
    stdio: 'ignore',
  })
  for (let i = 0; i < 100 && !fs.existsSync(addrFile); i++) await new Promise((r) => setTimeout(r, 100))
  fakeURL = `http://${fs.readFileSync(addrFile, 'utf8')}`
  shop = await startShop({ name: 'proveedor', env: { SYSCOM_URL: fakeURL, SYSCOM_PICTURES_ALLOW: fakeURL.replace('http://', '') } })
})

test.afterAll(async () => {
  await shop?.stop()
  fake?.kill()
})

test('the Administrador imports a Syscom category and its products show in the shop with their pictures', async ({ page, request }) => {
  test.setTimeout(150_000)
  await logIn(page, DEMO.admin, shop.url)
  await page.goto(`${shop.url}/proveedor`)
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo del proveedor' })).toBeVisible()

  // A wrong secret is refused in Spanish; the right one is kept and never shown again.
  await page.getByLabel('ID de cliente').fill('id-e2e')
  await page.getByLabel('Secreto').fill('otro')
  await page.getByRole('button', { name: 'Guardar credenciales' }).click()
  await expect(page.getByRole('alert')).toContainText('Syscom rechazó el ID de cliente y el secreto')
  await page.getByLabel('Secreto').fill('secreto-e2e-4321')
  await page.getByRole('button', { name: 'Guardar credenciales' }).click()
  await expect(page.getByText('Credenciales guardadas: Syscom las aceptó.')).toBeVisible()
  await expect(page.getByTestId('estado-credenciales')).toContainText('secreto …4321')
  await expect(page.locator('body')).not.toContainText('secreto-e2e-4321')

  // Import the whole 'Detección de Fuego' category and follow the progress to its end.
  const categorias = page.getByRole('group', { name: 'Categorías' })
  await categorias.getByLabel('Detección de Fuego').check()
  await page.getByRole('button', { name: 'Importar (1)' }).click()
  await expect(page.getByText(/Importación iniciada/)).toBeVisible()
  await expect(page.getByTestId('estado-importacion').first()).toHaveText('Terminada', { timeout: 120_000 })
  await expect(page.getByTestId('avance-importacion').first()).toContainText('0 con error')

  // One of its products, in the storefront, with the picture the shop stored.
  const token = await apiToken(request, DEMO.admin, shop.url)
  const list = await request.get(`${shop.url}/v1/admin/productos?limit=50`, { headers: bearer(token) })
  const { products } = (await list.json()) as { products: { _id: string; nombre: string; imagen: string; distribuidor?: { nombre: string } }[] }
  const imported = products.filter((p) => p.distribuidor?.nombre === 'Syscom')
  expect(imported.length).toBeGreaterThan(0)
  const producto = imported[0]
  expect(producto.imagen).toMatch(/^\/v1\/imagenes\/[0-9a-f]{32}$/)

  await page.goto(`${shop.url}/product/${producto._id}`)
  await expect(page.getByRole('heading', { level: 1, name: producto.nombre })).toBeVisible()
  await expect(page.getByText('Disponible con proveedor: entrega en 3 a 5 días hábiles')).toBeVisible()
  const picture = page.locator(`img[src^="/v1/imagenes/"]`).first()
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // None of the shop's own, the distributor's: it can be ordered, and the cart says the delivery takes longer.
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await page.goto(`${shop.url}/carrito`)
  await expect(page.getByTestId('entrega-proveedor')).toHaveText('Disponible con proveedor: entrega en 3 a 5 días hábiles')
})
