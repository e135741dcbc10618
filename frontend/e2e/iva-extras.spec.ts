import { expect, test, type Page } from '@playwright/test'
import { MOBILE, shot, watchPageErrors } from './helpers'

// Demo data: 'Cámara IP bala 4 MP …' sells at $1,899 with 10 % off ($1,709.10 before IVA) and
// offers two extras, 'Instalación básica' ($450) and 'Configuración remota' ($250).
const CAMERA = /Cámara IP bala 4 MP/

async function openCamera(page: Page) {
  await page.getByRole('combobox').fill('camara bala')
  const results = page.getByRole('listbox', { name: 'Resultados de búsqueda' })
  const option = results.getByRole('option', { name: CAMERA })
  // The dropdown says the price is before IVA.
  await expect(option).toContainText('$1,709.10 más IVA')
  await option.click()
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/)
}

test('on a phone, prices say "más IVA" on cards and the product page gives the price with IVA, as its JSON-LD does', async ({ page, request }) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize(MOBILE)
  await page.goto('/')
  const card = page.getByRole('link', { name: CAMERA }).first()
  await expect(card).toContainText('$1,709.10 más IVA')

  await openCamera(page)
  await expect(page.getByTestId('precio-final')).toHaveText('$1,709.10')
  await expect(page.getByLabel('Precio')).toContainText('$1,709.10 más IVA')
  // 1,709.10 + 16 % = 1,982.56: what the cart will charge for one.
  await expect(page.getByTestId('precio-con-iva')).toHaveText('$1,982.56 con IVA')
  await shot(page, 'iva-product-mobile')

  // The page as served tells search engines the same two prices.
  const html = await (await request.get(new URL(page.url()).pathname)).text()
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]))
  const offer = ld.find((x) => x['@type'] === 'Product')?.offers
  expect(offer.price).toBe('1709.10')
  expect(offer.priceSpecification).toEqual([
    { '@type': 'UnitPriceSpecification', price: '1709.10', priceCurrency: 'MXN', valueAddedTaxIncluded: false },
    { '@type': 'UnitPriceSpecification', price: '1982.56', priceCurrency: 'MXN', valueAddedTaxIncluded: true },
  ])

  // The cart adds the same IVA to the centavo.
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await page.goto('/carrito')
  await expect(page.getByTestId('total')).toHaveText('$1,982.56')
  expect(errors).toEqual([])
})

test('the product page total follows the extras and quantity, and at 320 px the cart shows every extra whole', async ({ page }) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize(MOBILE)
  await page.goto('/')
  await openCamera(page)
  await expect(page.getByTestId('total-eleccion')).toHaveCount(0)
  await page.getByLabel(/Instalación básica/).check()
  await expect(page.getByTestId('total-eleccion')).toContainText('Total (1 pieza con 1 extra): $2,159.10 más IVA')
  await page.getByLabel(/Configuración remota/).check()
  await page.getByRole('button', { name: 'Agregar uno' }).click()
  // (1,709.10 + 450 + 250) x 2 = 4,818.20; IVA 770.912 -> 770.91; 5,589.11.
  await expect(page.getByTestId('total-eleccion')).toContainText('Total (2 piezas con 2 extras): $4,818.20 más IVA')
  await expect(page.getByTestId('total-eleccion')).toContainText('$5,589.11 con IVA')
  await page.getByLabel(/Instalación básica/).uncheck()
  await expect(page.getByTestId('total-eleccion')).toContainText('Total (2 piezas con 1 extra): $3,918.20 más IVA')
  await page.getByLabel(/Instalación básica/).check()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Producto agregado al carrito' })).toBeVisible()

  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/carrito')
  const row = page.getByTestId('cart-row')
  await expect(page.getByTestId('total')).toHaveText('$5,589.11')
  // The discount covers the camera, not its extras: what it saves, not '- 10%'.
  await expect(row.getByTestId('descuento')).toHaveText('Ahorras $189.90 c/u')
  const extras = row.getByTestId('extras').getByRole('listitem')
  await expect(extras).toHaveText(['+ Instalación básica ($450.00)', '+ Configuración remota ($250.00)'])
  for (const li of await extras.all()) {
    await expect(li).toBeVisible()
    // Whole: nothing cut off inside it, and inside the screen.
    const fits = await li.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)
    expect(fits).toBe(true)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await shot(page, 'extras-cart-320')
  expect(errors).toEqual([])
})
