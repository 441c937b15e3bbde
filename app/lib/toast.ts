// The toasts a completed action can leave for the next page. Only these names travel in the flash
// cookie (app/web/flash.server.ts); each is the key of its text under `toast.messages` in the
// common namespace, which every page embeds, so a toast never waits for a translation.

export const toastNames = [
  "saved",
  "adSaved",
  "adSubmitted",
  "adStatusChanged",
  "hoursSaved",
  "closureAdded",
  "closureRemoved",
  "menuItemSaved",
  "menuItemDeleted",
  "photoAdded",
  "photoDeleted",
  "coverChanged",
  "profileSaved",
  "reportSent",
  "observationSent",
  "reportDeleted",
  "signedOut",
  "reviewPosted",
  "replyPosted",
  "claimSent",
  "messageSent",
  "passwordChanged",
  "languageSaved",
  "signedOutEverywhere",
  "accountDeleted",
  "claimApproved",
  "claimRejected",
  "reviewHidden",
  "reportsDismissed",
  "businessVerified",
  "businessUnverified",
  "roleGranted",
  "roleRevoked",
  "accountDisabled",
  "accountEnabled",
  "suspensionLifted",
  "reporterAdded",
  "reporterRemoved",
  "pageSaved",
  "contactSaved",
  "noChanges",
  "rateSaved",
  "messageHandled",
  "messageReopened",
  "discussionPosted",
  "forumPending",
  "postUpdated",
  "postDeleted",
  "followed",
  "unfollowed",
  "categorySaved",
  "threadUpdated",
  "groupSuggested",
  "groupVerified",
  "groupUnverified",
  "memberCountSaved",
  "itemReported",
  "itemApproved",
  "itemHidden",
  "itemDeleted",
  "authorWarned",
  "authorSuspended",
  "noticeDismissed",
  // Classifieds.
  "adPosted",
  "adPending",
  "adRenewed",
  "adSold",
  "adDeleted",
  "sellerContacted",
  // Events
  "eventPublished",
  "eventPending",
  "eventSaved",
  "eventCancelled",
  "dateCancelled",
  "rsvpConfirmed",
  "rsvpWaitlisted",
  "rsvpCancelled",
  // Real estate.
  "propertyListed",
  "propertyPending",
  "inquirySent",
  "searchSaved",
  "searchDeleted",
  "priceSaved",
  "photoAdded",
  "propertyRemoved",
  "leadSaved",
  "agentGranted",
  "agentRevoked",
  "agentRequested",
  // Billing.
  "planGranted",
  "planEnded",
  "planSaved",
  "planRequested",
  "planRequestClosed",
] as const;

export type ToastName = (typeof toastNames)[number];

export interface Toast {
  /** Unique per toast, so a page that stays mounted never shows the same one twice. */
  id: string;
  name: ToastName;
}

/** The toaster shows at most three at a time, each for 4000 ms unless told otherwise. */
export const toastLimits = { visible: 3, durationMs: 4000, queued: 8 } as const;

export function isToastName(value: unknown): value is ToastName {
  return typeof value === "string" && (toastNames as readonly string[]).includes(value);
}
