import { Link } from 'react-router'

/** The shop's mark and name; links to the home page. */
export function Logo({ name, className = '' }: { name: string; className?: string }) {
  return (
    <Link
      to="/"
      aria-label={`${name}, ir a Inicio`}
      className={`flex min-h-11 min-w-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-teal-300 ${className}`}
    >
      <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
      <span className="line-clamp-2 max-w-[10.5rem] text-[15px] leading-tight font-extrabold tracking-tight sm:max-w-none">
        {name}
      </span>
    </Link>
  )
}
