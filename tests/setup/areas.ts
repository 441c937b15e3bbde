// What the server's entry hands down from above the areas before any request, so tests that call
// the areas' functions directly see the same: the kinds of content people can report and their
// adapters (trust levels count posts across every kind), the content kinds the writes bump and the
// response cache watches, the permissions and the assembled page list (app/lib/site-routes.ts:
// sitemap.xml, links in Markdown).
import "#app/compose/moderated-kinds.server";
import "#app/manifests";
