import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NotaCredito } from '@/features/sales/components/nota-credito'

describe('NotaCredito', () => {
  it('shows the UUID of a stamped nota, and the state of one that is not', () => {
    const { rerender, container } = render(<NotaCredito nota={{ facturaId: 'n1', uuid: '6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F', estado: 'valida' }} />)
    expect(screen.getByTestId('nota-credito')).toHaveTextContent('Nota de crédito 6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F')
    rerender(<NotaCredito nota={{ facturaId: 'n1', estado: 'timbrando' }} />)
    expect(screen.getByTestId('nota-credito')).toHaveTextContent('Nota de crédito en timbrado')
    rerender(<NotaCredito nota={{ facturaId: 'n1', estado: 'rechazada' }} />)
    expect(screen.getByTestId('nota-credito')).toHaveTextContent('Nota de crédito rechazada: revisa Facturas')
    rerender(<NotaCredito nota={undefined} />)
    expect(container).toBeEmptyDOMElement()
  })
})
