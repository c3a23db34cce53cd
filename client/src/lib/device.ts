import { useSyncExternalStore } from "react";

/** Below 768 px is a narrow screen. */
export const MOBILE_BREAKPOINT_PX = 768;

const MOBILE_UA = /Android|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|webOS/i;

/** Phone-capable devices by user agent; they can dial tel: links. */
export function isMobileDevice(userAgent = navigator.userAgent): boolean {
  return MOBILE_UA.test(userAgent);
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Running as an installed app (display-mode standalone, or iOS's navigator.standalone). */
export function useIsStandalone(): boolean {
  const standalone = useMediaQuery("(display-mode: standalone)");
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export type LayoutKind = "desktop" | "mobile" | "app";

/**
 * Which shell to show:
 * - phones (by user agent), in the browser or installed: the app-style layout, with its
 *   Install button and, when installed, the "App Mode" badge;
 * - narrow windows and installed standalone windows on other devices: routes plus the six-tab bar;
 * - everything else: the desktop layout.
 */
export function useLayoutKind(): LayoutKind {
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const standalone = useIsStandalone();
  if (isMobileDevice()) return "app";
  if (narrow || standalone) return "mobile";
  return "desktop";
}
