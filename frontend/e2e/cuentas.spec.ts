import { expect, test, type Page } from '@playwright/test'
import { DEMO, DESKTOP, MOBILE, logIn, logInWithForm, shot, startShop, watchPageErrors } from './helpers'
import { startSmtpServer } from './smtp-server'

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`

async function openSideMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  return page.getByRole('dialog', { name: 'Menú principal' })
}

test.describe('accounts on a phone', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  test('register, log in, edit the phone, change the password, log out and log in with it', async ({ page }) => {
    test.setTimeout(90_000) // two logins and two dialogs each wait their 2 s
    const errors = watchPageErrors(page)
    const email = `lucia.${unique()}@correo.mx`

    await page.goto('/login')
    await page.getByRole('link', { name: 'No tengo cuenta' }).click()
    await expect(page.getByRole('heading', { name: 'Registre sus datos' })).toBeVisible()
    // A bad phone is refused next to its field.
    await page.getByLabel('Nombre Completo').fill('Lucía Pérez Gómez')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill('secreta-123')
    await page.getByLabel('Teléfono').fill('55 12')
    await page.getByRole('button', { name: 'Registrar' }).click()
    await expect(page.getByText('El teléfono debe tener 10 dígitos.')).toBeVisible()
    await shot(page, 'registro-error-mobile')
    await page.getByLabel('Teléfono').fill('55 1234 5678')
    await page.getByRole('button', { name: 'Registrar' }).click()

    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Tu cuenta fue creada. Ya puedes iniciar sesión.')).toBeVisible()
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(email)
    await logInWithForm(page, { email, password: 'secreta-123' })
    await expect(page.getByTestId('greeting')).toHaveText('Hola Lucía')

    const menu = await openSideMenu(page)
    await expect(menu.getByRole('link', { name: /Administrador/ })).toHaveCount(0)
    await menu.getByRole('link', { name: /Perfil/ }).click()
    await expect(page.getByRole('heading', { name: 'Lucía Pérez Gómez', level: 1 })).toBeVisible()
    await expect(page.getByText('5512345678')).toBeVisible()
    await expect(page.getByText('Aún no tienes compras.')).toBeVisible()
    await shot(page, 'perfil-mobile', { fullPage: true })

    await page.getByRole('button', { name: 'Editar teléfono' }).click()
    const info = page.getByRole('dialog', { name: 'Actualizar información' })
    await info.getByLabel('Teléfono').fill('33 8765 4321')
    await shot(page, 'perfil-dialog-mobile')
    await info.getByRole('button', { name: 'Actualizar' }).click()
    await expect(page.getByRole('status')).toHaveText('Lucía Pérez Gómez actualizado correctamente.')
    await expect(info).toBeHidden()
    await expect(page.getByText('3387654321')).toBeVisible()
    await expect(page.getByRole('status')).toBeHidden({ timeout: 4_000 })

    await page.getByRole('button', { name: 'Editar contraseña' }).click()
    const pw = page.getByRole('dialog', { name: 'Actualizar Contraseña' })
    await expect(pw.getByText('Si desea cambiar su contraseña, ingrese la nueva contraseña y actualice.')).toBeVisible()
    await pw.getByLabel('Nueva contraseña').fill('corta')
    await pw.getByRole('button', { name: 'Actualizar' }).click()
    await expect(pw.getByText('Debe tener al menos 8 caracteres.')).toBeVisible()
    await pw.getByLabel('Nueva contraseña').fill('otra-clave-2026')
    await pw.getByRole('button', { name: 'Actualizar' }).click()
    await expect(page.getByRole('status')).toHaveText('Lucía Pérez Gómez actualizado correctamente.')
    // The session goes on with the new token: the profile still loads after a reload.
    await page.reload()
    await expect(page.getByText('3387654321')).toBeVisible()
    await expect(page.getByTestId('greeting')).toHaveText('Hola Lucía')

    await (await openSideMenu(page)).getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await expect(page.getByTestId('greeting')).toHaveText('Bienvenido')

    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill('secreta-123')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.')
    await logInWithForm(page, { email, password: 'otra-clave-2026' })
    await expect(page.getByTestId('greeting')).toHaveText('Hola Lucía')
    await page.goto('/usuarios/compras')
    await expect(page.getByRole('heading', { name: 'Mis compras' })).toBeVisible()
    await expect(page.getByText('Aún no tienes compras.')).toBeVisible()
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([])
  })
})

test.describe('staff accounts', () => {
  test.use({ viewport: DESKTOP })

  test('an Administrador creates a Cajero, who sees Cortes de caja but not Usuarios', async ({ page }) => {
    const email = `caja.${unique()}@tienda.mx`
    await logIn(page, DEMO.admin)
    await (await openSideMenu(page)).getByRole('link', { name: /Administrador/ }).click()
    await page.getByRole('navigation', { name: 'Menú de administración' }).first().getByRole('link', { name: 'Usuarios' }).click()
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible()
    await expect(page.getByRole('cell', { name: 'cajero@tienda.mx' })).toBeVisible()

    await page.getByRole('button', { name: 'Nuevo Usuario' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' })
    await dialog.getByLabel('Nombre').fill('Rosa Caja Norte')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Contraseña').fill('caja-norte-1')
    await dialog.getByLabel('Teléfono').fill('5511112222')
    await dialog.getByLabel('Rol').selectOption('Cajero')
    await shot(page, 'usuarios-nuevo-desktop')
    await dialog.getByRole('button', { name: 'Guardar' }).click()
    await expect(dialog).toBeHidden()
    const row = page.getByRole('row', { name: /Rosa Caja Norte/ })
    await expect(row).toContainText('Cajero')
    await expect(row).toContainText('Activo')
    await shot(page, 'usuarios-desktop')

    // The last Administrador cannot be deleted: the server says why.
    await page.getByRole('button', { name: 'Eliminar a Adriana Administradora' }).click()
    const confirm = page.getByRole('dialog', { name: 'Eliminar a Adriana Administradora' })
    await expect(confirm).toContainText('¿Estás seguro de querer eliminar este usuario?')
    await confirm.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByRole('alert')).toContainText('último Administrador')

    await page.getByRole('navigation', { name: 'Menú de administración' }).first().getByRole('button', { name: 'Cerrar sesión' }).click()
    await logIn(page, { email, password: 'caja-norte-1' })
    await expect(page.getByTestId('greeting')).toHaveText('Hola Rosa')
    await (await openSideMenu(page)).getByRole('link', { name: /Administrador/ }).click()
    const nav = page.getByRole('navigation', { name: 'Menú de administración' }).first()
    await expect(nav.getByRole('link', { name: 'Cortes de caja' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0)
    await nav.getByRole('link', { name: 'Cortes de caja' }).click()
    await expect(page.getByRole('heading', { name: 'Cortes de caja', level: 1 })).toBeVisible()
    await page.goto('/usuarios')
    await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible()
    await shot(page, 'usuarios-cajero-forbidden')
  })

  test('a disabled account is signed out with a message', async ({ page, request }) => {
    const email = `baja.${unique()}@correo.mx`
    const created = await request.post('/v1/usuarios', {
      data: { name: 'Beto Baja', email, password: 'beto-baja-1', phone: '5512341234' },
    })
    expect(created.status()).toBe(201)
    const id = (await created.json()).data._id as string
    await logIn(page, { email, password: 'beto-baja-1' })
    await expect(page.getByTestId('greeting')).toHaveText('Hola Beto')

    const admin = await request.post('/v1/usuarios/login', { data: DEMO.admin })
    const token = (await admin.json()).data.token as string
    const off = await request.patch(`/v1/usuarios/${id}`, { data: { status: false }, headers: { Authorization: `Bearer ${token}` } })
    expect(off.status()).toBe(200)

    await page.goto('/usuarios/perfil')
    await expect(page.getByRole('alert').filter({ hasText: 'Tu sesión terminó o ya no es válida' })).toBeVisible()
    await expect(page.getByTestId('greeting')).toHaveText('Bienvenido')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await shot(page, 'sesion-rechazada')

    await page.goto('/login')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill('beto-baja-1')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'desactivada' })).toBeVisible()
  })
})

test.describe('password recovery by e-mail', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  test.setTimeout(90_000)

  test('the code mailed over SMTP sets a new password', async ({ page }) => {
    // Its own shop, whose SMTP_URL points at a small SMTP server started here.
    const smtp = await startSmtpServer()
    const shop = await startShop({ name: 'smtp', env: { SMTP_URL: smtp.url, MAIL_FROM: 'tienda@tienda.mx' } }).catch(async (err) => {
      await smtp.close()
      throw err
    })
    const url = shop.url
    try {
      await page.goto(`${url}/login`)
      await page.getByRole('link', { name: '¿Olvidó la contraseña ?' }).click()
      await expect(page.getByRole('heading', { name: 'Restablecer cuenta' })).toBeVisible()
      await page.getByLabel('Correo electrónico').fill(DEMO.cliente.email)
      await page.getByRole('button', { name: 'Enviar código' }).click()

      const dialog = page.getByRole('dialog', { name: 'Restablecer contraseña' })
      await expect(dialog).toBeVisible()
      const mail = await smtp.next()
      expect(mail.to).toEqual([`<${DEMO.cliente.email}>`])
      expect(mail.body).toContain('Hola Claudia')
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? ''
      expect(code).toMatch(/^\d{6}$/)

      const wrong = code === '000000' ? '111111' : '000000'
      await dialog.getByLabel('Código').fill(wrong)
      await dialog.getByLabel('Nueva contraseña').fill('recuperada-2026')
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
      await expect(dialog.getByText('Código incorrecto. Te quedan 4 intentos.')).toBeVisible()
      await shot(page, 'restablecer-codigo-mobile')

      await dialog.getByLabel('Código').fill(code)
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
      await expect(dialog.getByRole('status')).toContainText('Contraseña actualizada')
      await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 })
      await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.cliente.email)
      await page.getByLabel('Contraseña').fill('recuperada-2026')
      await page.getByRole('button', { name: 'Ingresar' }).click()
      await expect(page.getByRole('status')).toContainText('Bienvenido')
      await expect(page.getByTestId('greeting')).toHaveText('Hola Claudia', { timeout: 5_000 })
    } finally {
      await shop.stop()
      await smtp.close()
    }
  })
})
