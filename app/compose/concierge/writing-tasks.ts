// What the owners' writing tools draft, and in which language; shared by the forms and the server.
export const writingTasks = ["description", "specialties", "reviewReply"] as const;
export type WritingTask = (typeof writingTasks)[number];
export const writingTargets = ["en", "es", "both"] as const;
export type WritingTarget = (typeof writingTargets)[number];
