/** Placeholder rows while a list loads, announced once. */
export function LoadingList({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 py-2">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-14 animate-pulse rounded-md bg-muted" />
      ))}
      <span className="sr-only">{label}...</span>
    </div>
  );
}
