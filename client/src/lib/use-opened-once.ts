import { useState } from "react";

/**
 * True from the first time `open` is true. A dialog loaded on demand mounts then and stays
 * mounted, so closing it behaves as before (focus goes back, its state is kept for next time)
 * while a visitor who never opens it never downloads it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
