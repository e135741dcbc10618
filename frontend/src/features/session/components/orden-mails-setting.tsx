import { useId } from 'react'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { apiErrorMessage } from '@/lib/api-errors'
import type { Cuenta } from '@/lib/cuenta'
import { useUpdateCorreosPedidosMutation } from '@/features/session/cuenta-api'

export const ORDEN_MAILS_LABEL = 'Recibir correos de mis pedidos'
export const ORDEN_MAILS_HINT =
  'Te escribimos cuando recibimos tu pedido o tu pago, cuando sale, cuando se entrega y si registramos una devolución.'

type Props = {
  /** The account as the server answered it; undefined until it arrives (the box waits for it). */
  cuenta?: Cuenta
  onSaved: (text: string) => void
}

/** The customer's choice to get e-mails about their orders ('sinCorreosPedidos' on the account). */
export function OrdenMailsSetting({ cuenta, onSaved }: Props) {
  const id = useId()
  const [update, { isLoading, error }] = useUpdateCorreosPedidosMutation()
  const checked = cuenta ? !cuenta.sinCorreosPedidos : true

  const onChange = async (wanted: boolean) => {
    const result = await update({ sinCorreosPedidos: !wanted })
    if ('data' in result && result.data) {
      onSaved(wanted ? 'Te enviaremos correos de tus pedidos.' : 'Ya no te enviaremos correos de tus pedidos.')
    }
  }

  return (
    <div className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-3">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 rounded border-slate-300"
          checked={checked}
          disabled={!cuenta || isLoading}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void onChange(e.target.checked)}
        />
        {ORDEN_MAILS_LABEL}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {ORDEN_MAILS_HINT}
      </p>
      {error ? (
        <p role="alert" className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {apiErrorMessage(error, SPEC_MESSAGES.actualizarUsuario)}
        </p>
      ) : null}
    </div>
  )
}
