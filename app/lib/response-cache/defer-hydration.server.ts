import { noncedTags, tagName } from "./nonced-tags.server";

/**
 * Defers the page's JavaScript until the page has painted, on cached anonymous pages.
 *
 * React Router's <Scripts> asks for every module of the page at once (modulepreload links and a
 * module script), so on a slow connection about 110 KB of scripts share the bandwidth with the
 * style sheet and the main picture the visitor is waiting for, and the first paint waits for that
 * share. Everything on these pages works without JavaScript (forms post, links navigate), so the
 * scripts can wait: the links and the module script reach the browser inert (an unknown `rel` and
 * `type`, so nothing is fetched or run), and a small script turns them back on once the first
 * frame is on screen (the frame after it has begun); a tab opened in the background, which draws
 * no frames, starts at its load event instead. The module script keeps its text, so its CSP
 * hash still allows the copy that runs. Production React does not compare attributes when it
 * hydrates, and <Scripts> renders nothing once hydrated, so hydration is unaffected.
 *
 * Only scripts and links carrying this render's nonce are touched, so markup that content
 * injected can never be switched on. Returns the page unchanged when it has no module script.
 */
export function deferHydration(html: string, nonce: string): string {
  // Built with + rather than an array join: joining slices of a large string copied it slowly.
  let out = "";
  let copied = 0;
  let moduleScriptSeen = false;
  for (const { start, end, tag } of noncedTags(html, nonce)) {
    const name = tagName(tag);
    let changed = tag;
    if (name === "link") changed = tag.replace(' rel="modulepreload"', ` rel="${deferredRel}"`);
    else if (name === "script" && !moduleScriptSeen && tag.includes(' type="module"')) {
      moduleScriptSeen = true;
      changed = tag.replace(' type="module"', ` type="${deferredType}"`);
    }
    if (changed === tag) continue;
    out += html.slice(copied, start) + changed;
    copied = end;
  }
  if (!moduleScriptSeen) return html;
  const end = html.lastIndexOf("</body>");
  const loader = `<script nonce="${nonce}">${loaderSource}</script>`;
  if (end === -1 || end < copied) return out + html.slice(copied) + loader;
  return out + html.slice(copied, end) + loader + html.slice(end);
}

export const deferredRel = "deferred-modulepreload";
export const deferredType = "text/deferred-module";

// Plain ES5 on purpose: it runs in every browser that gets the page, before any bundle.
const loaderSource = `(function(){var done=false;function go(){if(done)return;done=true;var links=document.querySelectorAll('link[rel="${deferredRel}"]');for(var i=0;i<links.length;i++)links[i].rel="modulepreload";var held=document.querySelector('script[type="${deferredType}"]');if(!held)return;var script=document.createElement("script");script.type="module";script.textContent=held.textContent;held.parentNode.insertBefore(script,held.nextSibling)}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});if(document.visibilityState==="hidden")addEventListener("load",go)})()`;
