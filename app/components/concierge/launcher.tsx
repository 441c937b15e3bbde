import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { MessageCircle } from "#app/components/ui/icons";
import { TooltipBubble } from "#app/components/ui/tooltip";
import { localizePath, stripLanguage } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// The chat widget loads lazily. This button is all the first load carries: a link to
// /chat (so it works before hydration and without JavaScript) that, once hydrated, opens the
// widget, whose code is fetched only then.
const ChatWidget = lazy(() => import("./chat-widget"));

// Admin and sign-in pages are work, not questions; the emergency page shows 911 itself; /chat is the chat.
const hiddenOn = [/^\/admin(\/|$)/, /^\/auth(\/|$)/, /^\/emergency(\/|$)/, /^\/chat(\/|$)/];

export function ConciergeLauncher({ hydrated }: { hydrated: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  if (hiddenOn.some((pattern) => pattern.test(stripLanguage(pathname)))) return null;
  // A landmark of its own: the floating button sits outside header, main and footer, and content
  // outside every landmark is lost to those who move through a page by its regions.
  return (
    <aside aria-label={t("nav.askConcierge")} className="print:hidden">
      {open ? null : (
        <a
          href={localizePath("/chat", language)}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setOpen(true);
          }}
          // On a phone a labelled pill covered a card's worth of the page: there it is a round icon
          // button whose name the tooltip shows; from sm up the label is back.
          // "tooltip-anchor" without tooltipAnchorClass's `relative`: a fixed box already anchors its bubble.
          className={`tooltip-anchor fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center gap-2 rounded-full bg-brand-700 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:size-auto sm:px-4 sm:py-3 print:hidden`}
          data-testid="concierge-launcher"
          // Before the page's scripts run, a press here starts them and the click waits for them.
          data-enhance=""
        >
          <MessageCircle className="size-6 sm:size-5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("nav.askConcierge")}</span>
          <TooltipBubble
            text={t("nav.askConcierge")}
            className="right-0 bottom-full mb-2 whitespace-nowrap sm:hidden"
          />
        </a>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ChatWidget onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </aside>
  );
}
