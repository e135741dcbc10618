import { expect, test, type Page } from '@playwright/test'
import { DEMO, MOBILE, logIn, shot, watchPageErrors } from './helpers'

// A 4x4 red PNG, as a shop manager would upload a photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4wcUFRwzEcQBxow3B/UQ9SwAAAABJRU5ErkJggg==',
  'base64',
)

async function search(page: Page, text: string) {
  const box = page.getByRole('combobox')
  await box.fill(text)
  return page.getByRole('listbox', { name: 'Resultados de búsqueda' })
}

test('a shopper on a phone finds a camera by typing "camara" and sees its discounted price', async ({ page }) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize(MOBILE)
  await page.goto('/')
  const results = await search(page, 'camara')
  await results.getByRole('option', { name: /Cámara IP bala 4 MP/ }).click()
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/)
  await expect(page.getByRole('heading', { name: /Cámara IP bala 4 MP/ })).toBeVisible()
  // Demo data: $1,899 with 10% off.
  await expect(page.getByTestId('precio-final')).toHaveText('$1,709.10')
  await expect(page.getByTestId('precio-lista')).toHaveText('$1,899.00')
  await expect(page.getByText('-10%')).toBeVisible()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Producto agregado al carrito' })).toBeVisible()
  const carrito = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))
  expect(carrito).toHaveLength(1)
  expect(carrito[0]).toMatchObject({ nombre: expect.stringContaining('Cámara IP bala'), precio: 1899, precioFinal: 1709.1, cantidad: 1, descuento: 10 })
  expect(carrito[0].id).not.toBe(carrito[0].producto_id)
  await shot(page, 'catalog-product-mobile')

  // A category tile filters for real.
  await page.goto('/busqueda/22')
  await expect(page.getByRole('heading', { name: 'Videovigilancia' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Disco duro Purple/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Radio portátil/ })).toHaveCount(0)
  // Headings never skip a level: the page's title is h1, each card's title h2 (Lighthouse's heading-order).
  const levels = await page.locator('main h1, main h2, main h3, main h4').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])))
  expect(levels[0]).toBe(1)
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1))
  expect(errors).toEqual([])
})

test('an administrator creates a product with two variants, an extra and an image, finds it in the shop, edits and deletes it', async ({ page }) => {
  test.setTimeout(60_000) // an upload resized, the shop, two edits and a delete
  const errors = watchPageErrors(page)
  await logIn(page, DEMO.admin)
  await page.goto('/productos')
  await page.getByRole('button', { name: 'Nuevo Producto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo Producto' })
  await dialog.getByLabel('Nombre', { exact: true }).fill('Cámara Prueba E2E')
  await dialog.getByLabel('Categoría').selectOption('camaras-ip-y-nvrs') // the category's id; its label is indented under Videovigilancia
  await dialog.getByLabel('Marca').fill('Dahua')

  // A number the form would have to change is refused, naming the field in Spanish; nothing is sent.
  await dialog.getByLabel('Existencias de la variante 1').fill('12.5x')
  await dialog.getByLabel('Precio de venta de la variante 1').fill('1299.999')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  const problems = dialog.getByRole('alert')
  await expect(problems).toContainText('Existencias de la variante 1: escribe un número entero de piezas')
  await expect(problems).toContainText('Precio de venta de la variante 1: escribe un importe en pesos con hasta dos decimales')
  await dialog.getByLabel('Existencias de la variante 1').fill('4')
  await dialog.getByLabel('Precio de venta de la variante 1').fill('150')

  await dialog.getByRole('button', { name: 'Agregar variante' }).click()
  await dialog.getByLabel('Talla de la variante 2').selectOption('Chico')
  await dialog.getByLabel('Precio de venta de la variante 2').fill('90.50')
  await dialog.getByLabel('Descuento % de la variante 1').fill('20')
  await dialog.getByRole('button', { name: 'Agregar extra' }).click()
  await dialog.getByLabel('Nombre del extra 1').fill('Soporte de pared')
  await dialog.getByLabel('Precio del extra 1').fill('120')
  await dialog.getByLabel('Agregar imágenes').setInputFiles({ name: 'camara.png', mimeType: 'image/png', buffer: PNG })
  await expect(dialog.getByAltText('Imagen 1')).toBeVisible()
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog).toBeHidden()

  await page.getByLabel('Buscar productos por nombre...').fill('prueba e2e')
  const row = page.getByRole('row', { name: /Cámara Prueba E2E/ })
  await expect(row).toContainText('$150.00')
  await expect(row).toContainText('$120.00')
  await expect(row).toContainText('9')

  // In the shop.
  await page.goto('/')
  await (await search(page, 'prueba e2e')).getByRole('option', { name: /Cámara Prueba E2E/ }).click()
  await expect(page.getByTestId('precio-final')).toHaveText('$120.00')
  await expect(page.getByText(/Soporte de pared/)).toBeVisible()
  const img = page.getByRole('img', { name: /Cámara Prueba E2E/ })
  // The upload is offered in its sizes (WebP, and JPEG for browsers without it), never whole.
  await expect(img).toHaveAttribute('src', /^\/v1\/imagenes\/[0-9a-f]{32}\/1200\.jpg$/)
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\/v1\/imagenes\/[0-9a-f]{32}\/\d+\.webp$/)

  // Edit.
  await page.goto('/productos')
  await page.getByLabel('Buscar productos por nombre...').fill('prueba e2e')
  await page.getByRole('button', { name: 'Editar Cámara Prueba E2E' }).click()
  const edit = page.getByRole('dialog', { name: 'Actualizar Producto' })
  await edit.getByLabel('Nombre', { exact: true }).fill('Cámara Prueba E2E editada')
  await edit.getByRole('button', { name: 'Quitar variante 2' }).click()
  // Its units go too: a product with units is archived, never deleted.
  await edit.getByLabel('Existencias de la variante 1').fill('0')
  await edit.getByRole('button', { name: 'Guardar' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByRole('row', { name: /Cámara Prueba E2E editada/ })).toContainText('$150.00')
  await shot(page, 'catalog-admin-productos')

  // Delete, with confirmation.
  await page.getByRole('button', { name: 'Eliminar Cámara Prueba E2E editada' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByText('No hay productos')).toBeVisible()
  await page.goto('/')
  await page.getByRole('combobox').fill('prueba e2e')
  await expect(page.getByRole('option', { name: /Cámara Prueba E2E/ })).toHaveCount(0)
  // The refused save above never reached the server.
  expect(errors).toEqual([])
})

test('an administrator manages discounts and a field error is shown', async ({ page }) => {
  await logIn(page, DEMO.auxiliar)
  await page.goto('/descuentos')
  await page.getByRole('button', { name: 'Nuevo Descuento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo Descuento' })
  await expect(dialog.getByLabel('Porcentaje')).toHaveValue('10')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible()
  await dialog.getByLabel('Nombre').fill('Buen Fin')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row', { name: /Buen Fin/ })).toContainText('10%')
  await page.getByRole('button', { name: 'Eliminar Buen Fin' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  // Other specs share this shop and may leave discounts of their own: only this one must be gone.
  await expect(page.getByRole('row', { name: /Buen Fin/ })).toHaveCount(0)
})
