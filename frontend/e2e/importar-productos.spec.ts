import { expect, test } from '@playwright/test'
import { DEMO, DESKTOP, logIn, watchPageErrors } from './helpers'

// An Auxiliar imports a CSV as Excel in Spanish writes it (issue 28): 2 good rows and 3 bad ones.
// The preview names each refused row, its column and why; the confirmed import runs on the server
// as a job whose result the dialog shows; the new products are in the back office's list.

test.describe('Importar productos', () => {
  test.use({ viewport: DESKTOP })
  test.setTimeout(60_000)

  test('an Auxiliar imports a CSV with 3 bad rows and sees the result', async ({ page }) => {
    const errors = watchPageErrors(page)
    const tag = Date.now().toString(36).toUpperCase()
    const csv =
      '\ufeffProducto;Categoría;Marca;Modelo;Existencias;Precio de compra;Precio de venta (sin IVA)\r\n' +
      `Cámara importada ${tag};Camaras IP y NVRs;Hikvision;IMP-${tag}-1;4;850;1.299,50\r\n` +
      `Switch importado ${tag};Switches;TP-Link;IMP-${tag}-2;2;500;799\r\n` +
      `Cable ${tag};Categoría inventada;;IMP-${tag}-3;1;10;20\r\n` +
      `Antena ${tag};Switches;;IMP-${tag}-4;1;10;doce\r\n` +
      ';Switches;;;1;10;20\r\n'

    await logIn(page, DEMO.auxiliar)
    await page.goto('/productos')
    await page.getByRole('button', { name: 'Importar productos' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importar productos' })
    await dialog.getByLabel('Archivo CSV o Excel').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click()
    await expect(dialog.getByText('2 nuevos · 0 con cambios · 0 sin cambios · 3 filas rechazadas')).toBeVisible()
    const refused = dialog.getByTestId('rechazo')
    await expect(refused).toHaveCount(3)
    await expect(refused.filter({ hasText: /^4Categoría/ })).toHaveCount(1)
    await expect(refused.filter({ hasText: '5Precio de venta (sin IVA)Debe ser un número; «doce» no lo es.' })).toHaveCount(1)
    await expect(refused.filter({ hasText: /^6Producto/ })).toHaveCount(1)

    await dialog.getByRole('button', { name: 'Aplicar (2)' }).click()
    await expect(dialog.getByText(/Importación terminada: 2 productos creados, 0 actualizados \(0 ajustes de existencias\), 0 sin cambios y 3 filas rechazadas/)).toBeVisible({
      timeout: 20_000,
    })
    await expect(dialog.getByTestId('rechazo')).toHaveCount(3)
    await dialog.getByRole('button', { name: 'Listo' }).click()

    await page.getByLabel('Buscar productos por nombre...').fill(tag)
    await expect(page.getByRole('row', { name: new RegExp(`Cámara importada ${tag}`, 'i') })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(`Switch importado ${tag}`, 'i') })).toBeVisible()
    expect(errors).toEqual([])
  })
})
