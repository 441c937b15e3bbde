import { classifiedAdapter } from "#app/features/classifieds/classified-moderation.server";
import { forumPostAdapter, forumReplyAdapter } from "#app/features/community/forum-moderation.server";
import { reviewAdapter } from "#app/features/directory/review-moderation.server";
import { eventAdapter } from "#app/features/events/event-moderation.server";
import { groupAdapter } from "#app/features/groups/group-moderation.server";
import { propertyAdapter } from "#app/features/realestate/property-status.server";
import { registerModeratedKinds } from "#app/platform/moderation/registry.server";

// Every kind of thing people can report, registered once for the whole process: the server's entry
// and the test setup import this file for its effect.
registerModeratedKinds([
  reviewAdapter,
  forumPostAdapter,
  forumReplyAdapter,
  groupAdapter,
  classifiedAdapter,
  eventAdapter,
  propertyAdapter,
]);
