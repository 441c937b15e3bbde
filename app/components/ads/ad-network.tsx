import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "#app/lib/translations";
import { adChoicesEvent } from "./ad-choices";

// The ad network's consent banner and loader (docs/ads.md): the network's advertising script,
// loaded dynamically, with a publisher id. This module is fetched only after hydration, only when a
// network is configured and only on pages that may carry ads, so it costs other first loads nothing.
// No request reaches the network before the visitor allows it here; "No, thanks" is one click, as
// prominent as "Allow", and the choice is kept for a year in a cookie the server never reads.

export interface AdNetworkConfig {
  src: string;
  publisherId: string;
}

const consentCookie = "ad_consent";
type Choice = "granted" | "denied";

function readChoice(): Choice | null {
  const match = document.cookie.match(/(?:^|;\s*)ad_consent=(granted|denied)/);
  return match ? (match[1] as Choice) : null;
}

function storeChoice(choice: Choice) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${consentCookie}=${choice}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
}

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

let loading: Promise<boolean> | null = null;

/** Adds the network's script once per page life; resolves false when it fails to load. */
function loadScript(network: AdNetworkConfig): Promise<boolean> {
  loading ??= new Promise((resolve) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = network.src;
    script.crossOrigin = "anonymous";
    script.dataset.adNetwork = "";
    script.addEventListener("load", () => resolve(true));
    script.addEventListener("error", () => {
      // A failing ad script is logged as an ad load error; the page stays as it is.
      console.error("ad load error", network.src);
      const report = new URLSearchParams({ page: location.pathname, reason: "script" });
      navigator.sendBeacon?.("/api/v1/ads/error", report);
      resolve(false);
    });
    document.head.append(script);
  });
  return loading;
}

/** Puts the network's tag into every empty network space on the page (the same box, so no shift). */
function fillSpaces(network: AdNetworkConfig) {
  for (const space of document.querySelectorAll<HTMLElement>("[data-ad-network-slot]")) {
    if (space.childElementCount) continue;
    const tag = document.createElement("ins");
    tag.className = "adsbygoogle";
    tag.style.display = "block";
    tag.style.width = "100%";
    tag.style.height = "100%";
    tag.dataset.adClient = network.publisherId;
    tag.dataset.adSlot = space.dataset.adNetworkSlot ?? "";
    space.append(tag);
    window.adsbygoogle = window.adsbygoogle ?? [];
    window.adsbygoogle.push({});
  }
}

export default function AdNetwork({ network }: { network: AdNetworkConfig }) {
  const { t } = useTranslation("ads");
  const location = useLocation();
  const [choice, setChoice] = useState<Choice | null>(() => readChoice());
  const [asking, setAsking] = useState(() => readChoice() === null);
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    const reopen = () => setAsking(true);
    window.addEventListener(adChoicesEvent, reopen);
    return () => window.removeEventListener(adChoicesEvent, reopen);
  }, []);

  // Each page's spaces, once allowed: the script is added on the first page that has any.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname, search) has new spaces to fill
  useEffect(() => {
    if (choice !== "granted") return;
    if (!document.querySelector("[data-ad-network-slot]")) return;
    void loadScript(network).then((loaded) => {
      if (loaded) fillSpaces(network);
    });
  }, [choice, network, location.pathname, location.search]);

  const decide = (next: Choice) => {
    storeChoice(next);
    setChoice(next);
    setAsking(false);
    setSaid(t(next === "granted" ? "consent.accepted" : "consent.rejected"));
  };

  return (
    // A landmark of its own (like the concierge's launcher): the banner sits outside header, main and footer.
    <aside aria-label={t("common:footer.adChoices")} className="print:hidden">
      {asking ? (
        <section
          aria-labelledby="ad-consent-title"
          className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white px-4 py-3 sm:py-4 shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
          data-testid="ad-consent"
        >
          <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center md:gap-6">
            <div className="min-w-0 flex-1">
              <h2 id="ad-consent-title" className="font-semibold text-slate-900">
                {t("consent.title")}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t("consent.body")}</p>
            </div>
            {/* Equal buttons, side by side: refusing is exactly as easy as allowing. */}
            <div className="grid shrink-0 grid-cols-2 gap-3">
              <button type="button" className="btn-secondary justify-center" onClick={() => decide("denied")}>
                {t("consent.reject")}
              </button>
              <button type="button" className="btn-secondary justify-center" onClick={() => decide("granted")}>
                {t("consent.accept")}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </aside>
  );
}
