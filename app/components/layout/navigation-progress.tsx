import { useNavigation } from "react-router";
import { LoaderCircle } from "#app/components/ui/icons";
import { useTranslation } from "#app/lib/translations";

/** The page-loading spinner: shown while a navigation's loaders run. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state === "loading" && !navigation.formMethod;
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {busy ? (
        <div className="flex justify-center" data-testid="page-loading">
          <div className="h-1 w-full animate-pulse bg-brand-600" />
          <span className="absolute top-2 right-3 rounded-full bg-white p-1 shadow">
            <LoaderCircle className="size-5 animate-spin text-brand-700" aria-hidden="true" />
            <span className="sr-only">{t("layout.loading")}</span>
          </span>
        </div>
      ) : null}
    </div>
  );
}
