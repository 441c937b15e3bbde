import { languageStorageKey, languages } from "#app/lib/i18n";
import { offlineNoticeAttribute, serviceWorkerDelayMs } from "#app/lib/page-loader";
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
      // `async` is allowed only on a script the browser runs: on an inert data block it is invalid
      // HTML. The copy the loader starts is a module, which never blocks parsing anyway.
      changed = tag.replace(' type="module"', ` type="${deferredType}"`).replace(/ async(="[^"]*")?(?=[\s>])/, "");
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

/**
 * When the page's scripts start. Everything on these pages works without them (links navigate,
 * forms post, the chat launcher is a link to /chat), so an anonymous visitor who reads and follows
 * links never downloads them: about 110 KB of React and the router that a visitor on a weak
 * signal would otherwise pay for on every first visit (decision 012). They start:
 *   - when the visitor turns to something that needs them: a press or hover on an element marked
 *     `data-enhance` (the chat launcher, the map) or on a `type="button"` button, focus in a field
 *     of a form that posts (its checks as you type), or any key press (keyboard users get the
 *     tooltips' Escape and the dialogs' focus handling);
 *   - at once (after the first frame) when the page asks for it with `data-hydrate="load"` on
 *     <html> (a configured ad network's consent banner).
 * A click on a marked link or button that comes before the scripts are ready is held and replayed
 * once the page has hydrated; if they fail or take longer than `heldClickTimeoutMs`, a held link is
 * followed as it would be without JavaScript.
 *
 * Until then the loader itself does the few things that must not wait: a filter form marked
 * `data-submit-on-change` submits when a filter changes (the GET it would make anyway), a link
 * marked `data-track-kind` reports its click with a beacon, the offline notice the server rendered
 * hidden shows while the connection is down, the service worker is registered
 * about 5 s after load, and the saved language is mirrored into localStorage.
 */
export const heldClickTimeoutMs = 8000;

// Plain ES5 on purpose: it runs in every browser that gets the page, before any bundle. Written one
// statement per line and joined, so every statement ends with a semicolon.
const loaderSource = `(function(){
var d=document,root=d.documentElement,started=false,failed=false,held=null;
function hydrated(){return root.getAttribute("data-hydrated")==="true";}
function start(){if(started)return;started=true;
var links=d.querySelectorAll('link[rel="${deferredRel}"]');
for(var i=0;i<links.length;i++)links[i].rel="modulepreload";
var h=d.querySelector('script[type="${deferredType}"]');
if(!h)return;
var s=d.createElement("script");s.type="module";s.textContent=h.textContent;
s.onerror=function(){failed=true;release(true);};
h.parentNode.insertBefore(s,h.nextSibling);}
function afterFrame(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0);});});
if(d.visibilityState==="hidden")addEventListener("load",start);}
function release(fail){var el=held;held=null;if(!el)return;
if(!fail){el.click();return;}
if(el.tagName==="A"&&el.href)location.assign(el.href);}
function whenHydrated(){var watch=new MutationObserver(function(){if(!hydrated())return;watch.disconnect();
requestAnimationFrame(function(){setTimeout(function(){release(false);},0);});});
watch.observe(root,{attributes:true,attributeFilter:["data-hydrated"]});
setTimeout(function(){if(!hydrated()){watch.disconnect();release(true);}},${heldClickTimeoutMs});}
function closest(t,sel){return t&&t.closest?t.closest(sel):null;}
function posts(t){var f=t&&t.form;return !!f&&(f.getAttribute("method")||"").toLowerCase()==="post";}
function intent(e){if(started)return;var t=e.target;
if(e.type==="keydown"){start();return;}
if(e.type==="pointerover"&&e.pointerType!=="mouse")return;
if(closest(t,"[data-enhance]")||(e.type!=="pointerover"&&closest(t,'button[type="button"]'))||(e.type==="focusin"&&posts(t)))start();}
var kinds=["keydown","focusin","pointerover","pointerdown","touchstart"];
for(var k=0;k<kinds.length;k++)d.addEventListener(kinds[k],intent,{capture:true,passive:true});
d.addEventListener("keydown",function(e){if(e.key!=="Escape"||hydrated())return;
var shown=d.querySelectorAll(".tooltip-anchor:hover,.tooltip-anchor:focus-within");
for(var i=0;i<shown.length;i++)shown[i].setAttribute("data-dismissed","");},true);
d.addEventListener("click",function(e){if(hydrated()||e.defaultPrevented)return;var t=e.target;
var track=closest(t,"a[data-track-kind][data-track-slug]");
if(track)try{navigator.sendBeacon("/api/v1/businesses/"+encodeURIComponent(track.getAttribute("data-track-slug"))+"/events",new URLSearchParams({kind:track.getAttribute("data-track-kind")}));}catch(x){}
if(failed||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var el=closest(t,'a[data-enhance],button[data-enhance],button[type="button"]');
if(!el)return;e.preventDefault();start();if(held)return;held=el;whenHydrated();},true);
d.addEventListener("change",function(e){if(hydrated())return;var t=e.target;
var f=closest(t,"form[data-submit-on-change]");
if(!f||t.type==="search")return;
if(f.requestSubmit)f.requestSubmit();else f.submit();},true);
if(root.getAttribute("data-hydrate")==="load")afterFrame();
function connection(){var n=d.querySelector("[${offlineNoticeAttribute}]");if(n&&!hydrated())n.hidden=navigator.onLine;}
addEventListener("offline",connection);addEventListener("online",connection);connection();
try{var saved=d.cookie.match(/(?:^|; )${languageStorageKey}=(${languages.join("|")})(?:;|$)/);
if(saved)localStorage.setItem("${languageStorageKey}",saved[1]);}catch(x){}
if("serviceWorker" in navigator)addEventListener("load",function(){setTimeout(function(){
var register=function(){navigator.serviceWorker.register("/sw.js",{scope:"/"}).then(function(){return navigator.serviceWorker.ready;}).then(function(r){
var urls=[],entries=performance.getEntriesByType("resource");for(var i=0;i<entries.length;i++)urls.push(entries[i].name);
if(r.active)r.active.postMessage({type:"cache-assets",urls:urls});})["catch"](function(){});};
if(window.requestIdleCallback)requestIdleCallback(register,{timeout:5000});else register();},${serviceWorkerDelayMs});});
})()`.replace(/\n/g, "");
