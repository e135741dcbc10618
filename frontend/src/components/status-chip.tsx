import type { ReactNode, SVGProps } from 'react'

/** The colour of a status chip. */
export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral'

const TONES: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  error: 'bg-red-50 text-red-800 ring-red-600/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
}

function Icon({ children, ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  )
}

const TONE_ICON: Record<Tone, ReactNode> = {
  success: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12 3 3 5-6" />
    </Icon>
  ),
  warning: (
    <Icon>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0" />
      <path d="M12 9v4M12 17h.01" />
    </Icon>
  ),
  error: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="m15 9-6 6M9 9l6 6" />
    </Icon>
  ),
  info: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8h.01M11 12h1v4h1" />
    </Icon>
  ),
  neutral: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
    </Icon>
  ),
}

/** A small coloured chip with an icon; the tone is also in `data-tone` for tests. */
export function StatusChip({ tone, children, label }: { tone: Tone; children: ReactNode; label?: string }) {
  return (
    <span
      data-tone={tone}
      aria-label={label}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {TONE_ICON[tone]}
      {children}
    </span>
  )
}
