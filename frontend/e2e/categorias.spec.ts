import { expect, test } from '@playwright/test'
import { DEMO, logIn, watchPageErrors } from './helpers'

// Categories are data (issue 28, item 2): the Administrador adds a category in 'Categorías' and the
// storefront's strip shows it, in its colour, leading to its page. Against the real binary and store.
test('an administrator adds a category card and it appears in the storefront strip', async ({ page }) => {
  test.setTimeout(60_000) // a sign-in, two saves and the shop on a busy machine
  const errors = watchPageErrors(page)
  const nombre = `Cámaras térmicas ${Date.now() % 100000}`
  await logIn(page, DEMO.admin)
  await page.goto('/categorias')
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible()
  const tree = page.getByRole('list', { name: 'Categorías de la tienda' })
  await expect(tree.getByText('Videovigilancia', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Nueva categoría' }).click()
  const form = page.getByRole('form', { name: 'Nueva categoría' })
  // A name the level has already is refused by the server, in Spanish.
  await form.getByLabel('Nombre', { exact: true }).fill('Marketing')
  await form.getByRole('button', { name: 'Agregar categoría' }).click()
  await expect(form.getByText('Ya hay una categoría con este nombre en el mismo nivel.')).toBeVisible()

  await form.getByLabel('Nombre', { exact: true }).fill(nombre)
  await form.getByLabel('Icono').selectOption('camara')
  await form.getByRole('textbox', { name: 'Color', exact: true }).fill('#aa3300')
  await form.getByLabel('Tarjeta en la tienda (franja de categorías)').check()
  await form.getByRole('button', { name: 'Agregar categoría' }).click()
  await expect(page.getByRole('status')).toHaveText(`Categoría ${nombre} agregada.`)
  await expect(tree.getByText(nombre, { exact: true })).toBeVisible()

  await page.goto('/')
  const strip = page.getByRole('region', { name: 'Categorías' })
  const card = strip.getByRole('link', { name: nombre })
  await expect(card).toBeVisible()
  await expect(card).toHaveCSS('background-color', 'rgb(170, 51, 0)')
  // Today's cards are still there, first, in their order.
  await expect(strip.getByRole('link').first()).toHaveText('Videovigilancia')
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible()
  await expect(page.getByText('No hay productos en esta sección por ahora.')).toBeVisible()
  // The one failed load is the refused name's answer.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)'])
})
