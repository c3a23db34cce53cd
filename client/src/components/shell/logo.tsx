import { Link } from "react-router";

export function Logo({ withTitle = true }: { withTitle?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="AI Platform home">
      <img src="/icons/icon.svg" alt="" className="size-8" />
      {withTitle ? <span className="text-lg font-bold tracking-tight">AI Platform</span> : null}
    </Link>
  );
}
