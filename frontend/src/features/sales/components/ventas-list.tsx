import type { ReactNode } from 'react'
import { formatDayMonYear, formatTime } from '@/lib/dates'
import type { Venta } from '@/features/sales/types'

/** The success line itself; nothing when empty. */
export function Notice({ text }: { text: string }) {
  if (!text) return null
  return (
    <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
      {text}
    </p>
  )
}

/** The dashed box a list shows when it has nothing. */
export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{children}</p>
}

/** A sale's day and, below it, its time. */
export function Fecha({ fecha }: { fecha: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="block font-medium text-slate-800">{formatDayMonYear(fecha)}</span>
      <span className="block text-xs text-slate-500">{formatTime(fecha)}</span>
    </span>
  )
}

/** The top of a sale's card: what `children` shows on the left, the date on the right. */
export function CardTop({ fecha, children }: { fecha: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div>{children}</div>
      <div className="text-right text-sm">
        <Fecha fecha={fecha} />
      </div>
    </div>
  )
}

/** A small uppercase heading over one piece of a sale's card. */
export function CardPart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-xs font-semibold text-slate-500 uppercase">{label}</p>
      {children}
    </div>
  )
}

type GestionarButtonProps = { venta: Venta; onOpen: (s: Venta) => void; label: string; className: string }

/** 'Gestionar', named for screen readers by `label` ('Gestionar orden 2026…'). */
export function GestionarButton({ venta, onOpen, label, className }: GestionarButtonProps) {
  return (
    <button type="button" className={`btn-secondary min-h-10 ${className}`} onClick={() => onOpen(venta)} aria-label={label}>
      Gestionar
    </button>
  )
}

type VentasTableProps = {
  /** The table's classes (its minimum width). */
  className: string
  /** The heading cells' classes. */
  th: string
  headers: { label: string; className?: string }[]
  children: ReactNode
}

/** The wide-screen sales table: headings, then a last column for the 'Gestionar' button. */
export function VentasTable({ className, th, headers, children }: VentasTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className={`w-full ${className} text-sm`}>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h.label} className={h.className ? `${th} ${h.className}` : th}>
                {h.label}
              </th>
            ))}
            <th className={th}>
              <span className="sr-only">Gestionar</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}
