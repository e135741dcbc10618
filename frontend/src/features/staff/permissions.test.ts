import { describe, expect, it } from 'vitest'
import { normalizeRol } from '@/lib/roles'
import { canSee, screensFor } from '@/features/staff/permissions'

describe('permissions', () => {
  it('follows the role table', () => {
    expect(canSee('Comandero', 'ordenes')).toBe(true)
    expect(canSee('Comandero', 'corte')).toBe(false)
    expect(canSee('Cajero', 'corte')).toBe(true)
    expect(canSee('Auxiliar', 'corte')).toBe(false)
    expect(canSee('Cajero', 'facturas')).toBe(true)
    expect(canSee('Administrador', 'facturas')).toBe(true)
    expect(canSee('Auxiliar', 'facturas')).toBe(false)
    expect(canSee('Comandero', 'facturas')).toBe(false)
    expect(canSee('Auxiliar', 'envios')).toBe(true)
    expect(canSee('Auxiliar', 'usuarios')).toBe(false)
    expect(canSee('Administrador', 'registro-errores')).toBe(true)
    expect(canSee('Administrador', 'auditoria')).toBe(true)
    expect(canSee('Auxiliar', 'auditoria')).toBe(false)
    expect(canSee('Administrador', 'respaldos')).toBe(true)
    expect(canSee('Auxiliar', 'respaldos')).toBe(false)
    expect(canSee('Cajero', 'respaldos')).toBe(false)
    expect(canSee('Auxiliar', 'bajo-inventario')).toBe(true)
    expect(canSee('Administrador', 'bajo-inventario')).toBe(true)
    expect(canSee('Cajero', 'bajo-inventario')).toBe(false)
    expect(canSee('Comandero', 'bajo-inventario')).toBe(false)
    expect(canSee('Cliente', 'ordenes')).toBe(false)
    expect(canSee(null, 'ordenes')).toBe(false)
  })

  it('accepts roles whatever their case and rejects unknown ones', () => {
    expect(normalizeRol(' administrador ')).toBe('Administrador')
    expect(normalizeRol('Jefe')).toBeNull()
    expect(screensFor('Jefe')).toEqual([])
  })
})
