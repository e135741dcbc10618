import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

describe('stores page', () => {
  it('shows the shop name, address, hours, phone and map link from /v1/config', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp('/tiendas')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { name: 'Tienda de Seguridad y Redes', level: 2 })).toBeInTheDocument()
    expect(within(main).getByText('Av. Insurgentes Sur 1234, Ciudad de México')).toBeInTheDocument()
    expect(within(main).getByText('Lunes a viernes de 9:00 a 19:00')).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: '55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678')
    expect(within(main).getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', sampleConfig.tienda.mapa)
  })

  it('says so in Spanish when the details cannot be loaded', async () => {
    mockServer({ 'GET /v1/config': json({ error: { code: 'internal' } }, 500) })
    renderApp('/tiendas')
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar la información de la tienda')
  })
})
