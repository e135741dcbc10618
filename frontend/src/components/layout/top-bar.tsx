import { telHref } from '@/lib/phone'

/** The thin bar above the header with the greeting: 'Hola {first name}' or 'Bienvenido'. */
export function TopBar({ firstName, phone }: { firstName: string; phone?: string }) {
  return (
    <div className="bg-brand-950 text-xs text-teal-50">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5">
        <p data-testid="greeting" className="truncate font-medium">
          {firstName ? `Hola ${firstName}` : 'Bienvenido'}
        </p>
        {phone ? (
          <p className="hidden text-teal-100/90 sm:block">
            Asesoría y ventas:{' '}
            <a href={telHref(phone)} className="font-semibold text-white underline-offset-2 hover:underline">
              {phone}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  )
}
