import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { isUuid } from "#app/features/directory/constants";
import {
  aboutSchema,
  basicsSchema,
  businessDetailsSchema,
  closureSchema,
  contactSchema,
  hoursSchema,
  idSchema,
  menuItemSchema,
  menuMoveSchema,
  menuPhotoSchema,
  photoSchema,
} from "#app/features/directory/forms";
import { addBusinessImage, deleteBusinessImage, makeCoverImage } from "#app/features/directory/images.server";
import {
  addClosure,
  deleteMenuItem,
  removeClosure,
  replaceBusinessHours,
  saveMenuItem,
  submitBusinessForReview,
  updateBusinessDetails,
} from "#app/features/directory/manage.server";
import { moveMenuItem, removeMenuItemPhoto, setMenuItemPhoto } from "#app/features/directory/menu.server";
import type { Actor } from "#app/lib/authorization";
import { formFailure } from "#app/lib/errors.server";
import type { ToastName } from "#app/manifests";

// The edit forms of a listing (the /list-business steps, the dashboard's "my business", "hours"
// and photos) post here with an `intent`. Each intent parses its own Zod schema and calls one
// domain function, which checks that the actor may edit this business.

export const editIntents = [
  "basics",
  "about",
  "contact",
  "details",
  "hours",
  "closure-add",
  "closure-remove",
  "menu-save",
  "menu-delete",
  "menu-move",
  "menu-photo",
  "menu-photo-remove",
  "photo-upload",
  "photo-delete",
  "photo-cover",
  "submit",
] as const;
export type EditIntent = (typeof editIntents)[number];

/** The toast each edit leaves when it succeeds (an edit page answers it with a redirect back). */
export const editToasts: Partial<Record<EditIntent, ToastName>> = {
  details: "saved",
  hours: "hoursSaved",
  "closure-add": "closureAdded",
  "closure-remove": "closureRemoved",
  "menu-save": "menuItemSaved",
  "menu-delete": "menuItemDeleted",
  "menu-move": "menuItemSaved",
  "menu-photo": "menuItemSaved",
  "menu-photo-remove": "menuItemSaved",
  "photo-upload": "photoAdded",
  "photo-delete": "photoDeleted",
  "photo-cover": "coverChanged",
};

export interface EditOutcome {
  intent: EditIntent;
  result: SubmissionResult<string[]>;
  ok: boolean;
  status: number;
  /** For per-item forms (a menu item, a photo): which one answered. */
  itemId?: string;
}

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  resetForm?: boolean;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

async function run(
  intent: EditIntent,
  reply: Reply,
  work: () => Promise<unknown>,
  options: { reset?: boolean; itemId?: string; hide?: string[] } = {},
): Promise<EditOutcome> {
  try {
    await work();
    return { intent, result: reply({ resetForm: options.reset }), ok: true, status: 200, itemId: options.itemId };
  } catch (error) {
    const { result, status } = formFailure(error, reply, { hideFields: options.hide });
    return { intent, result, ok: false, status, itemId: options.itemId };
  }
}

function parse<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema });
}

export function isEditIntent(value: unknown): value is EditIntent {
  return typeof value === "string" && (editIntents as readonly string[]).includes(value);
}

/** The answer (status 400) to a post whose business id is not a UUID or whose intent the page does not offer. */
export const unknownEditIntent = {
  intent: "unknown",
  result: { status: "error" as const, error: { "": ["directory:errors.notFound"] } },
  ok: false,
};

/**
 * What the dashboard editors' actions do: check the business id and that this page offers the
 * intent, then apply it. Answers the body and status to send.
 */
export async function applyOfferedEditIntent(options: {
  formData: FormData;
  businessId: string;
  actor: Actor;
  offered: readonly EditIntent[];
}) {
  const intent = options.formData.get("intent");
  if (!isUuid(options.businessId) || !isEditIntent(intent) || !options.offered.includes(intent)) {
    return { body: unknownEditIntent, status: 400 };
  }
  const outcome = await applyEditIntent({
    intent,
    formData: options.formData,
    businessId: options.businessId,
    actor: options.actor,
  });
  return { body: outcome, status: outcome.status };
}

export async function applyEditIntent(options: {
  intent: EditIntent;
  formData: FormData;
  businessId: string;
  actor: Actor;
}): Promise<EditOutcome> {
  const { intent, formData, businessId: id, actor } = options;
  const invalid = (result: SubmissionResult<string[]>, itemId?: string): EditOutcome => ({
    intent,
    result,
    ok: false,
    status: 400,
    itemId,
  });

  switch (intent) {
    case "basics": {
      const submission = parse(formData, basicsSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => updateBusinessDetails({ id, actor, changes: submission.value }));
    }
    case "about": {
      const submission = parse(formData, aboutSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => updateBusinessDetails({ id, actor, changes: submission.value }));
    }
    case "contact": {
      const submission = parse(formData, contactSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => updateBusinessDetails({ id, actor, changes: submission.value }));
    }
    case "details": {
      const submission = parse(formData, businessDetailsSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => updateBusinessDetails({ id, actor, changes: submission.value }));
    }
    case "hours": {
      const submission = parse(formData, hoursSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () =>
        replaceBusinessHours({ id, actor, periods: submission.value.periods }),
      );
    }
    case "closure-add": {
      const submission = parse(formData, closureSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => addClosure({ id, actor, closure: submission.value }), { reset: true });
    }
    case "closure-remove": {
      const submission = parse(formData, idSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      const closureId = Number.parseInt(submission.value.itemId, 10);
      return run(intent, submission.reply, () =>
        removeClosure({ id, actor, closureId: Number.isSafeInteger(closureId) ? closureId : -1 }),
      );
    }
    case "menu-save": {
      const itemId = String(formData.get("itemId") ?? "") || undefined;
      const submission = parse(formData, menuItemSchema);
      if (submission.status !== "success") return invalid(submission.reply(), itemId);
      // A tampered id must not turn an edit into a new item.
      const existingId = itemId ? (uuidOrMissing(itemId) ?? "00000000-0000-0000-0000-000000000000") : undefined;
      // The listing editor's short form has no sections or tags; the menu section's form does.
      const { sectionEn, sectionEs, dietaryTags, ...basic } = submission.value;
      const item = formData.has("sectionEn") ? submission.value : basic;
      return run(intent, submission.reply, () => saveMenuItem({ id, actor, itemId: existingId, item }), {
        reset: !itemId,
        itemId,
      });
    }
    case "menu-delete": {
      const submission = parse(formData, idSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () =>
        deleteMenuItem({
          id,
          actor,
          itemId: uuidOrMissing(submission.value.itemId) ?? "00000000-0000-0000-0000-000000000000",
        }),
      );
    }
    case "menu-move": {
      const submission = parse(formData, menuMoveSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      const itemId = uuidOrMissing(submission.value.itemId) ?? "00000000-0000-0000-0000-000000000000";
      return run(intent, submission.reply, () =>
        moveMenuItem({ id, actor, itemId, direction: submission.value.direction }),
      );
    }
    case "menu-photo": {
      const itemId = String(formData.get("itemId") ?? "") || undefined;
      const submission = parse(formData, menuPhotoSchema);
      if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["photo"] }), itemId);
      const bytes = new Uint8Array(await submission.value.photo.arrayBuffer());
      return run(
        intent,
        submission.reply,
        () =>
          setMenuItemPhoto({
            id,
            actor,
            itemId: uuidOrMissing(submission.value.itemId) ?? "00000000-0000-0000-0000-000000000000",
            bytes,
          }),
        { hide: ["photo"], itemId },
      );
    }
    case "menu-photo-remove": {
      const submission = parse(formData, idSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () =>
        removeMenuItemPhoto({
          id,
          actor,
          itemId: uuidOrMissing(submission.value.itemId) ?? "00000000-0000-0000-0000-000000000000",
        }),
      );
    }
    case "photo-upload": {
      const submission = parse(formData, photoSchema);
      if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["photo"] }));
      const bytes = new Uint8Array(await submission.value.photo.arrayBuffer());
      return run(
        intent,
        submission.reply,
        () => addBusinessImage({ id, actor, bytes, altEn: submission.value.altEn, altEs: submission.value.altEs }),
        { reset: true, hide: ["photo"] },
      );
    }
    case "photo-delete":
    case "photo-cover": {
      const submission = parse(formData, idSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      const imageId = uuidOrMissing(submission.value.itemId) ?? "00000000-0000-0000-0000-000000000000";
      return run(intent, submission.reply, () =>
        intent === "photo-delete"
          ? deleteBusinessImage({ id, actor, imageId })
          : makeCoverImage({ id, actor, imageId }),
      );
    }
    case "submit": {
      const submission = parse(formData, idSchema);
      if (submission.status !== "success") return invalid(submission.reply());
      return run(intent, submission.reply, () => submitBusinessForReview({ id, actor }));
    }
  }
}

function uuidOrMissing(value: string | undefined): string | undefined {
  return value && isUuid(value) ? value : undefined;
}
