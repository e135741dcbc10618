import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'

export const MOBILE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/** Demo accounts the binary creates with DEMO_DATA=true. */
export const DEMO = {
  admin: { email: 'admin@tienda.mx', password: 'Admin#2026' },
  auxiliar: { email: 'auxiliar@tienda.mx', password: 'Auxiliar#2026' },
  cajero: { email: 'cajero@tienda.mx', password: 'Cajero#2026' },
  comandero: { email: 'comandero@tienda.mx', password: 'Comandero#2026' },
  cliente: { email: 'cliente@tienda.mx', password: 'Cliente#2026' },
} as const

/** Saves a screenshot (the viewport, or the whole page) to shots/ for a person to look at. */
export async function shot(page: Page, name: string, { fullPage = false } = {}) {
  fs.mkdirSync('shots', { recursive: true })
  await page.screenshot({ path: `shots/${name}.png`, fullPage })
}

/** Signs in through the login screen and waits for the redirect to the home page. */
export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(account.email)
  await page.getByLabel('Contraseña').fill(account.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByRole('status')).toContainText('Bienvenido')
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 })
}

/** Collects uncaught page errors and console errors (a crash, a CSP refusal, a failed load). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}
