import type { ChangeEvent, ReactNode } from 'react'
import { FormField } from '@/components/form-field'

type CuentaFieldProps = {
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  /** The server's Spanish message for this field. */
  error?: string
  hint?: string
}

/** 'Nombre Completo' of an account form. */
export function NameField(props: CuentaFieldProps) {
  return <FormField label="Nombre Completo" name="name" autoComplete="name" {...props} />
}

/** 'Correo electrónico' of an account form. */
export function EmailField(props: CuentaFieldProps) {
  return <FormField label="Correo electrónico" name="email" type="email" inputMode="email" autoComplete="email" {...props} />
}

/** 'Teléfono' of an account form. */
export function PhoneField(props: CuentaFieldProps) {
  return <FormField label="Teléfono" name="phone" type="tel" inputMode="tel" autoComplete="tel-national" {...props} />
}

/** The Spanish line of a failed submit that no single field explains. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800">
      {children}
    </p>
  )
}
