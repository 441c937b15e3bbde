// The server's entry loads the list of manifests, which hands the assembled page list down to
// app/lib and the features (app/lib/site-routes.ts: sitemap.xml, links in Markdown); tests that
// call those functions directly need the same.
import "#app/manifests";
