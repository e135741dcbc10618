import type { ReactNode } from 'react'
import type { SerializedError } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { ErrorNote } from '@/components/error-note'
import { Field, FormField } from '@/components/form-field'
import { apiErrorMessage } from '@/lib/api-errors'
import type { Catalogos, PerfilInput } from '@/features/invoicing/types'
import { CATALOGOS_FAILED, RAZON_SOCIAL_HINT, regimenesFor, usosFor } from '@/features/invoicing/fiscal-check'

export type FieldErrors = Partial<Record<keyof PerfilInput, string>>

type Props = {
  value: PerfilInput
  onChange: (value: PerfilInput) => void
  catalogos?: Catalogos
  errors: FieldErrors
}

/** What the fiscal forms use of useGetCatalogosQuery(). */
export type CatalogosQuery = { data?: Catalogos; isFetching: boolean; error?: FetchBaseQueryError | SerializedError; refetch: () => unknown }

/** Why the fiscal data cannot be filled in, with 'Reintentar' (the form is not shown meanwhile). */
export function CatalogosError({ query, compact }: { query: CatalogosQuery; compact?: boolean }) {
  const message = apiErrorMessage(query.error, CATALOGOS_FAILED)
  const retry = (
    <button type="button" className="inline-flex min-h-11 items-center font-semibold underline" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? 'Reintentando…' : 'Reintentar'}
    </button>
  )
  if (compact) {
    return (
      <p className="text-sm text-rose-700">
        {message} {retry}
      </p>
    )
  }
  return (
    <ErrorNote>
      {message} {retry}
    </ErrorNote>
  )
}

/** A select's error line, tied to the select like FormField's. */
function SelectError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-rose-700">
      {error}
    </p>
  ) : null
}

type SelectProps = {
  label: string
  name: string
  value: string
  error?: string
  placeholder: string
  options: { clave: string; descripcion: string }[]
  onChange: (v: string) => void
}

/** A select of SAT catalogue entries ('clave · descripción'), its error tied to it. */
export function CatalogoSelect({ label, name, value, error, placeholder, options, onChange }: SelectProps): ReactNode {
  return (
    <Field label={label}>
      {(id) => (
        <>
          <select
            id={id}
            name={name}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`field-input max-w-full truncate ${error ? 'border-rose-400' : ''}`}
          >
            <option value="">{placeholder}</option>
            {options.map((o) => (
              <option key={o.clave} value={o.clave}>
                {o.clave} · {o.descripcion}
              </option>
            ))}
          </select>
          <SelectError id={id} error={error} />
        </>
      )}
    </Field>
  )
}

/**
 * The receptor's fiscal data: RFC, razón social, régimen (filtered by the RFC's length), código
 * postal, uso del CFDI (filtered by the régimen) and the e-mail the invoice goes to.
 */
export function FiscalFields({ value, onChange, catalogos, errors }: Props) {
  const regimenes = regimenesFor(catalogos?.regimenes ?? [], value.rfc)
  const usos = usosFor(catalogos?.usos ?? [], value.rfc, value.regimenFiscal)
  const set = (key: keyof PerfilInput) => (v: string) => {
    const next = { ...value, [key]: v }
    // A régimen or uso the new RFC or régimen no longer allows is dropped.
    if (catalogos && !regimenesFor(catalogos.regimenes, next.rfc).some((r) => r.clave === next.regimenFiscal)) next.regimenFiscal = ''
    if (catalogos && !usosFor(catalogos.usos, next.rfc, next.regimenFiscal).some((u) => u.clave === next.usoCfdi)) next.usoCfdi = ''
    onChange(next)
  }
  return (
    <div className="space-y-4">
      <FormField
        label="RFC"
        name="rfc"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={13}
        value={value.rfc}
        onChange={(e) => set('rfc')(e.target.value.toUpperCase())}
        error={errors.rfc}
      />
      <FormField
        label="Razón social"
        name="razonSocial"
        autoComplete="organization"
        hint={RAZON_SOCIAL_HINT}
        value={value.razonSocial}
        onChange={(e) => set('razonSocial')(e.target.value)}
        error={errors.razonSocial}
      />
      <CatalogoSelect
        label="Régimen fiscal"
        name="regimenFiscal"
        value={value.regimenFiscal}
        error={errors.regimenFiscal}
        placeholder="Elige tu régimen"
        options={regimenes}
        onChange={set('regimenFiscal')}
      />
      <FormField
        label="Código postal fiscal"
        name="codigoPostal"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={value.codigoPostal}
        onChange={(e) => set('codigoPostal')(e.target.value)}
        error={errors.codigoPostal}
      />
      <CatalogoSelect
        label="Uso del CFDI"
        name="usoCfdi"
        value={value.usoCfdi}
        error={errors.usoCfdi}
        placeholder={value.regimenFiscal ? 'Elige el uso' : 'Elige primero tu régimen'}
        options={usos}
        onChange={set('usoCfdi')}
      />
      <FormField
        label="Correo para facturas"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={value.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
    </div>
  )
}
