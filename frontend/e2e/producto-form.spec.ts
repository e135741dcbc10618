import { expect, test } from '@playwright/test'
import { DEMO, logIn, watchPageErrors } from './helpers'

// The whole product in the form (issue 28): two pictures in order, features and resources, seen on
// the product page; then archived, not deleted (it has stock), and gone from the shop.

// Two 4x4 PNGs, green and red, as a shop manager would upload photos.
const GREEN = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAD0lEQVR4nGNgWMCAQMRxAARDCgHeFFL0AAAAAElFTkSuQmCC', 'base64')
const RED = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4wcAARwzEcQBRwwyB7RhOggAAAABJRU5ErkJggg==', 'base64')

test('an administrator fills every field of a product, sees it in the shop, then archives it and it leaves the shop', async ({ page }) => {
  test.setTimeout(60_000) // two uploads resized, the shop and the back office
  const errors = watchPageErrors(page)
  await logIn(page, DEMO.admin)
  await page.goto('/productos')
  await page.getByRole('button', { name: 'Nuevo Producto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo Producto' })
  await dialog.getByLabel('Nombre', { exact: true }).fill('Cámara Ficha Completa E2E')
  await dialog.getByLabel('Categoría').selectOption('camaras-ip-y-nvrs')
  await dialog.getByLabel('Marca', { exact: true }).fill('Hikvision')
  await dialog.getByLabel('Largo (cm)').fill('12.5')

  // Two pictures, red then green; green is moved first.
  await dialog.getByLabel('Agregar imágenes').setInputFiles([
    { name: 'roja.png', mimeType: 'image/png', buffer: RED },
    { name: 'verde.png', mimeType: 'image/png', buffer: GREEN },
  ])
  await expect(dialog.getByTestId('imagen-producto')).toHaveCount(2)
  await dialog.getByRole('button', { name: 'Subir imagen 2' }).click()

  // Features in order, and a resource whose link is checked before anything is sent.
  await dialog.getByRole('button', { name: 'Agregar característica' }).click()
  await dialog.getByLabel('Característica 1', { exact: true }).fill('Visión nocturna 30 m')
  await dialog.getByRole('button', { name: 'Agregar característica' }).click()
  await dialog.getByLabel('Característica 2', { exact: true }).fill('IP67')
  await dialog.getByRole('button', { name: 'Agregar recurso' }).click()
  await dialog.getByLabel('Nombre del recurso 1').fill('Hoja de datos')
  await dialog.getByLabel('Enlace del recurso 1').fill('ficha.pdf')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Enlace del recurso 1: escribe una dirección web completa que empiece con http:// o https://.')
  await dialog.getByLabel('Enlace del recurso 1').fill('https://www.hikvision.com/ficha.pdf')
  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/productos') && r.request().method() === 'POST')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  const created = await (await saved).json()
  await expect(dialog).toBeHidden()
  expect(created.details.imagenes).toHaveLength(2)
  expect(created.imagen).toBe(created.details.imagenes[0])

  // The product page: its features, its resource and both pictures, green (the first) shown first.
  await page.goto(`/product/${created._id}`)
  await expect(page.getByRole('heading', { name: 'Cámara Ficha Completa E2E' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Visión nocturna 30 m' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'IP67' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hoja de datos' })).toHaveAttribute('href', 'https://www.hikvision.com/ficha.pdf')
  await expect(page.getByText('12.5 cm')).toBeVisible()
  await expect(page.getByRole('button', { name: /Ver imagen/ })).toHaveCount(2)
  const shown = page.getByRole('img', { name: /Cámara Ficha Completa E2E \(1 de 2\)/ })
  await expect(shown).toHaveAttribute('src', new RegExp(`^${created.details.imagenes[0]}/`))
  await page.getByRole('button', { name: 'Imagen siguiente' }).click()
  await expect(page.getByRole('img', { name: /\(2 de 2\)/ })).toHaveAttribute('src', new RegExp(`^${created.details.imagenes[1]}/`))

  // It has units: 'Eliminar' is refused and offers 'Archivar'.
  await page.goto('/productos')
  await page.getByLabel('Buscar productos por nombre...').fill('ficha completa')
  // The search's answer first, as a person reads it before clicking: a click on the list before the
  // search lands on a row the answer then redraws.
  await expect(page.getByRole('button', { name: /^Eliminar / })).toHaveCount(1)
  await page.getByRole('button', { name: 'Eliminar Cámara Ficha Completa E2E' }).click()
  const confirm = page.getByRole('dialog', { name: 'Eliminar Cámara Ficha Completa E2E' })
  await confirm.getByRole('button', { name: 'Confirmar' }).click()
  await expect(confirm.getByRole('alert')).toContainText('no se puede eliminar')
  await confirm.getByRole('button', { name: 'Archivar' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('row', { name: /Cámara Ficha Completa E2E/ })).toHaveCount(0)
  await page.getByLabel('Mostrar').selectOption('Archivados')
  await expect(page.getByRole('button', { name: 'Restaurar Cámara Ficha Completa E2E' })).toBeVisible()

  // Gone from the shop: its page, the search.
  await page.goto(`/product/${created._id}`)
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
  await page.goto('/')
  await page.getByRole('combobox').fill('ficha completa')
  await expect(page.getByRole('option', { name: /Cámara Ficha Completa E2E/ })).toHaveCount(0)
  expect((await page.request.get(`/v1/productos/${created._id}`)).status()).toBe(404)
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).not.toContain(created._id)
  // The browser logs only the refused delete (409) and the archived product's page (404).
  expect(errors.filter((e) => !/status of 40[49]/.test(e))).toEqual([])
})
