import { useEffect, useState } from "react";
import { WifiOff } from "#app/components/ui/icons";
import { useTranslation } from "#app/lib/translations";

export default function OfflineIndicator() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    // The connection may have dropped between the first render and now, with no listener yet.
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  if (online) return null;
  return (
    <div
      role="status"
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
