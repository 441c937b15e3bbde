import { useTranslation } from "#app/lib/translations";

/** Marks text shown in the other language because the owner has not translated it yet. */
export function FallbackNote({ language }: { language: "en" | "es" | null }) {
  const { t } = useTranslation("directory");
  if (!language) return null;
  return <span className="text-xs text-slate-500 italic">{t(`fallback.${language}`)}</span>;
}
