import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The API's limit on the search text. */
export const SEARCH_MAX = 200;

/** A search box that reports its text once typing pauses (Enter reports it at once). */
export function ContactSearch({
  value,
  onSearch,
  label = "Search contacts",
  placeholder,
  className,
  icon = true,
}: {
  value: string;
  onSearch: (search: string) => void;
  label?: string;
  placeholder: string;
  className?: string;
  /** The magnifier in the box (a tag box leaves it out). */
  icon?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);

  // Cleared or changed from outside: show it.
  useEffect(() => setDraft(value), [value]);

  useEffect(() => {
    if (draft === value) return;
    const timer = window.setTimeout(() => onSearch(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <div className={className ?? "grid gap-1.5"}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {icon ? (
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
        ) : null}
        <Input
          id={id}
          type="search"
          className={icon ? "pl-9" : undefined}
          placeholder={placeholder}
          maxLength={SEARCH_MAX}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && draft !== value) onSearch(draft);
          }}
        />
      </div>
    </div>
  );
}
