// The kinds' names first: an adapter is refused for a kind no area's manifest declares.
import "#app/manifests";
import { registerModerationAdapters } from "./features.server";

// Every kind of thing people can report, registered once for the whole process from the areas'
// server manifests (app/compose/features.server.ts): the server's entry and the test setup import
// this file for its effect.
registerModerationAdapters();
