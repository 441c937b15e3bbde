import { useEffect, useRef } from "react";
import { WifiOff } from "#app/components/ui/icons";
import { offlineNoticeAttribute } from "#app/lib/page-loader";
import { useTranslation } from "#app/lib/translations";

/**
 * "You're offline", shown while the connection is down. The notice is in the page from
 * the server, hidden, so it costs no script of its own: on a cached page that has not started its
 * scripts the page's loader shows and hides it (decision 012), and once hydrated this effect does.
 * Both only flip `hidden` on the element React rendered with `hidden`, which React never re-applies
 * because the prop does not change.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const update = () => {
      if (notice.current) notice.current.hidden = navigator.onLine;
    };
    // The connection may have dropped between the first render and now, with no listener yet.
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return (
    <div
      ref={notice}
      role="status"
      hidden
      {...{ [offlineNoticeAttribute]: "" }}
      className="fixed inset-x-3 bottom-3 z-50 flex items-start gap-3 rounded-lg bg-slate-900 p-4 text-white shadow-lg sm:left-auto sm:w-96"
    >
      <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("offline.title")}</p>
        <p className="text-sm text-slate-200">{t("offline.body")}</p>
      </div>
    </div>
  );
}
