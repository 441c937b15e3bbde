// The toasts a completed action can leave for the next page. Only known names travel in the flash
// cookie (app/web/flash.server.ts): each area declares its toasts in its manifest (`toasts`), and
// app/manifests.ts assembles them into `toastNames` and the `ToastName` type. Each name is the key
// of its text under `toast.messages` in the common namespace, which every page embeds, so a toast
// never waits for a translation.

export interface Toast<Name extends string = string> {
  /** Unique per toast, so a page that stays mounted never shows the same one twice. */
  id: string;
  name: Name;
}

/** The toaster shows at most three at a time, each for 4000 ms unless told otherwise. */
export const toastLimits = { visible: 3, durationMs: 4000, queued: 8 } as const;
