import { describe, expect, it } from 'vitest'
import { actionLabel, collectionLabel, fieldLabel, shownValue } from '@/features/audit/labels'

describe('audit labels', () => {
  it('says the stored field names in Spanish, keeping the variant, extra or item they belong to', () => {
    expect(fieldLabel('precioVenta')).toBe('Precio de venta')
    expect(fieldLabel('variante Grande / 32 · precioVenta')).toBe('Variante Grande / 32 · Precio de venta')
    expect(fieldLabel('variante #2 · stock')).toBe('Variante #2 · Existencias')
    expect(fieldLabel('extra Instalación · precio')).toBe('Extra Instalación · Precio')
    expect(fieldLabel('entregado Cámara IP')).toBe('Entregado Cámara IP')
    expect(fieldLabel('precios.precio_lista')).toBe('Precio de lista')
    expect(fieldLabel('expirationDate')).toBe('Fecha de expiración')
    expect(fieldLabel('details.caracteristicas')).toBe('details.caracteristicas')
  })

  it('names collections and actions, and shows an empty value as a dash', () => {
    expect(collectionLabel('discounts')).toBe('Descuentos')
    expect(actionLabel('cambiar_contrasena')).toBe('Cambio de contraseña')
    expect(actionLabel('otra')).toBe('otra')
    expect(shownValue('')).toBe('—')
    expect(shownValue('0')).toBe('0')
  })
})
