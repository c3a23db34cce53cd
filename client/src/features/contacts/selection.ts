import type { ContactSelection, SelectionFilter } from "@common/contacts-bulk";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ContactFilters } from "./api/get-contacts";

/**
 * Which contacts a screen has selected: rows picked one by one (their ids), or every contact
 * matching the screen's filters ("all N matching"), which the server resolves when the action
 * starts. A change of filters starts over: the old picks may not be in the new list.
 */
export type SelectionState = { all: boolean; ids: ReadonlySet<string> };

const NONE: SelectionState = { all: false, ids: new Set() };

/** The list's filters as the bulk API takes them (sort and empty text left out). */
export function selectionFilterOf(filters: ContactFilters): SelectionFilter {
  const filter: SelectionFilter = {};
  const search = filters.search?.trim();
  if (search) filter.search = search;
  const tag = filters.tag?.trim();
  if (tag) filter.tag = tag;
  if (filters.status) filter.status = filters.status;
  if (filters.source) filter.source = filters.source;
  if (filters.favorite !== undefined) filter.favorite = filters.favorite;
  if (filters.hasPhone !== undefined) filter.hasPhone = filters.hasPhone;
  if (filters.doNotCall !== undefined) filter.doNotCall = filters.doNotCall;
  if (filters.segment) filter.segmentId = filters.segment;
  return filter;
}

export function useContactSelection(filters: ContactFilters, shownIds: string[]) {
  const { sort: _sort, ...narrowing } = filters;
  const resetKey = JSON.stringify(narrowing);
  const [state, setState] = useState<SelectionState>(NONE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters changing is the reason to start over
  useEffect(() => setState(NONE), [resetKey]);

  const toggle = useCallback(
    (id: string, checked: boolean) =>
      setState((current) => {
        // Unticking one row of "all matching" keeps the rest of what is shown ticked.
        const ids = new Set(current.all ? shownIds : current.ids);
        if (checked) ids.add(id);
        else ids.delete(id);
        return { all: false, ids };
      }),
    [shownIds],
  );
  const setShown = useCallback(
    (checked: boolean) => setState(checked ? { all: false, ids: new Set(shownIds) } : NONE),
    [shownIds],
  );
  const selectAll = useCallback(() => setState({ all: true, ids: new Set() }), []);
  const clear = useCallback(() => setState(NONE), []);

  return useMemo(() => {
    const shownSelected = state.all ? shownIds.length : shownIds.filter((id) => state.ids.has(id)).length;
    return {
      state,
      /** Ticked rows, or every contact matching when `all`. */
      isSelected: (id: string) => state.all || state.ids.has(id),
      /** How many of the rows shown are ticked: all, some or none (the header checkbox). */
      shown: shownSelected === 0 ? "none" : shownSelected === shownIds.length ? "all" : "some",
      any: state.all || state.ids.size > 0,
      toggle,
      setShown,
      selectAll,
      clear,
      /** The selection as the bulk API takes it. */
      toRequest: (): ContactSelection =>
        state.all ? { filter: selectionFilterOf(filters) } : { ids: [...state.ids] },
    } as const;
  }, [state, shownIds, toggle, setShown, selectAll, clear, filters]);
}

export type ContactSelectionControls = ReturnType<typeof useContactSelection>;
