import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { DEMO, MOBILE, logIn, shot, watchPageErrors } from './helpers'

// The demo catalogue has 9 'Radio portátil analógico VHF 16 canales' (Motorola DEP450), one variant.
const PRODUCTO = 'Radio portátil analógico VHF 16 canales'

test('an Auxiliar adjusts stock with Ajustar inventario and reads the movement in the product history', async ({ page }) => {
  const errors = watchPageErrors(page)
  await logIn(page, DEMO.auxiliar)
  await page.goto('/productos')
  await page.getByLabel('Buscar productos por nombre...').fill('DEP450 VHF')
  await page.getByRole('link', { name: `Inventario de ${PRODUCTO}` }).click()
  await expect(page).toHaveURL(/\/productos\/[0-9a-f]{24}\/inventario$/)
  await expect(page.getByRole('heading', { name: `Inventario de ${PRODUCTO}` })).toBeVisible()
  const units = page.getByRole('list', { name: 'Existencias por variante' })
  await expect(units).toContainText('Existencias: 9')

  // A merma larger than the units is refused in Spanish, and nothing changes.
  await page.getByRole('button', { name: 'Ajustar inventario' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajustar inventario' })
  await dialog.getByRole('radio', { name: /Merma/ }).check()
  await dialog.getByLabel('Cantidad (piezas)').fill('12')
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click()
  await expect(dialog.getByText('Solo hay 9 piezas; la merma no puede dejar las existencias en negativo.')).toBeVisible()
  await expect(dialog.getByText('Escribe el motivo del ajuste.')).toBeVisible()

  await dialog.getByLabel('Cantidad (piezas)').fill('2')
  await expect(dialog.getByTestId('ajuste-resultado')).toHaveText('Existencias: 9 → 7')
  await dialog.getByLabel('Motivo').fill('Dos radios con la carcasa rota')
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Ajuste guardado' })).toHaveText('Ajuste guardado: Merma -2 (1 pieza: 9 → 7).') // the size 'Unico' is not shown
  await expect(units).toContainText('Existencias: 7')

  // The history: who, when, before, after and why; newest first.
  const newest = page.getByTestId('movimiento').first()
  await expect(newest).toContainText('Merma')
  await expect(newest).toContainText('-2')
  await expect(newest).toContainText('Dos radios con la carcasa rota')
  await expect(newest).toContainText('Arturo Auxiliar')
  const cells = newest.getByRole('cell')
  // Each cell also holds its column's name, shown on phones only.
  await expect(cells.nth(4)).toHaveText(/^Antes\s*9$/)
  await expect(cells.nth(5)).toHaveText(/^Después\s*7$/)
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()),
  )
  await expect(cells.nth(0)).toContainText(today)
  await shot(page, 'inventory-history-desktop')

  // The history as a CSV for Excel: the merma is a row, with its units before and after.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar movimientos a CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`movimientos-${today}.csv`)
  const csv = fs.readFileSync(await download.path()).toString('utf8')
  expect(csv.startsWith('\ufeffFecha,Producto,Talla,Tamaño,Tipo,Cantidad,Antes,Después,Motivo,Usuario,Folio\r\n')).toBe(true)
  expect(csv).toContain(`,${PRODUCTO},Unico,1 pieza,Merma,-2,9,7,Dos radios con la carcasa rota,Arturo Auxiliar,\r\n`)

  // After a reload: the history was stored, not kept in the page.
  await page.reload()
  await expect(page.getByTestId('movimiento').first()).toContainText('Dos radios con la carcasa rota')
  await page.getByLabel('Tipo').selectOption('entrada')
  await expect(page.getByText('No hay movimientos con estos filtros.')).toBeVisible()
  expect(errors).toEqual([])
})

test('a minimum puts a variant on Bajo inventario, with its count in the drawer, on a phone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize(MOBILE)
  await logIn(page, DEMO.auxiliar)
  await page.goto('/productos')
  await page.getByLabel('Buscar productos por nombre...').fill('Hytera BD506')
  await page.getByRole('button', { name: /Editar Radio digital DMR/ }).click()
  const form = page.getByRole('dialog', { name: 'Actualizar Producto' })
  await form.getByLabel('Mínimo de la variante 1').fill('10') // it has 6
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(form).toBeHidden()

  // The list's total, as the server gave it to the page: the drawer's badge must say the same.
  const bajo = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/v1/inventario/bajo') && r.ok())
  await page.goto('/inventario/bajo')
  const { meta } = (await (await bajo).json()) as { meta: { total: number } }
  expect(meta.total).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { name: 'Bajo inventario' })).toBeVisible()
  const row = page.getByTestId('variante-baja').filter({ hasText: 'Radio digital DMR' })
  await expect(row).toContainText('Existencias: 6 · Mínimo: 10')
  await shot(page, 'inventory-low-stock-mobile')
  await page.getByRole('button', { name: 'Abrir menú de administración' }).click()
  const drawer = page.getByRole('dialog', { name: 'Menú de administración' })
  await expect(drawer.getByRole('link', { name: /Bajo inventario/ }).getByTestId('bajo-inventario-count')).toHaveText(
    `${meta.total} ${meta.total === 1 ? 'variante' : 'variantes'} por surtir`,
  )
  await drawer.getByRole('link', { name: /Bajo inventario/ }).click()

  // An entry of goods lifts it above its minimum: it leaves the list.
  await row.getByRole('button', { name: /Ajustar inventario/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajustar inventario' })
  await dialog.getByLabel('Cantidad (piezas)').fill('5')
  await dialog.getByLabel('Motivo').fill('Pedido al proveedor recibido')
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click()
  await expect(row).toHaveCount(0)
  expect(errors).toEqual([])
})
