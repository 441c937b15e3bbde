import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { FormField } from "#app/components/ui/form-field";
import { Camera, Star, Trash2 } from "#app/components/ui/icons";
import { TooltipBubble, tooltipAnchorClass } from "#app/components/ui/tooltip";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { closureKinds, maxGalleryImages, menuCurrencies } from "#app/features/directory/constants";
import {
  closureSchema,
  hoursDefaultValues,
  hoursSchema,
  menuItemSchema,
  photoSchema,
} from "#app/features/directory/forms";
import type { OpeningPeriod } from "#app/features/directory/hours";
import { formatDate, formatMoney } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { BusinessImage } from "./business-image";
import { HoursFields } from "./form-fields";

/** What an edit action answers (EditOutcome from edit-forms.server.ts, as the browser sees it). */
export type EditActionData =
  | { intent: string; result: SubmissionResult<string[]>; ok: boolean; itemId?: string }
  | undefined;

export function resultFor(actionData: EditActionData, intent: string, itemId?: string) {
  if (!actionData || actionData.intent !== intent) return undefined;
  if (itemId !== undefined && actionData.itemId !== itemId) return undefined;
  return actionData;
}

function SubmitButton({ children, secondary = false }: { children: React.ReactNode; secondary?: boolean }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      className={secondary ? "btn-secondary" : "btn-primary"}
      disabled={navigation.state === "submitting"}
    >
      {children}
    </button>
  );
}

/** A one-button form acting on one row of a list: the action reads the intent and the row's id. */
function RowAction({
  intent,
  itemId,
  className,
  children,
}: {
  intent: string;
  itemId: string | number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={itemId} />
      {children}
    </Form>
  );
}

function RemoveButton({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      className={`inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-red-800 hover:bg-red-50${className ? ` ${className}` : ""}`}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      {children}
    </button>
  );
}

type HoursFormProps = { hours: OpeningPeriod[]; actionData: EditActionData; submitLabel: string };

/**
 * The weekly hours form, started again from what is stored whenever that changes: a save through
 * the one pair for every day shows the days it set, not the times left in the day fields.
 */
export function HoursForm(props: HoursFormProps) {
  const stored = props.hours.map((period) => `${period.weekday}:${period.opensAt}-${period.closesAt}`).join(",");
  return <WeeklyHoursForm key={stored} {...props} />;
}

function WeeklyHoursForm({ hours, actionData, submitLabel }: HoursFormProps) {
  const answer = resultFor(actionData, "hours");
  const [form, fields] = useZodForm(hoursSchema, {
    id: "hours-form",
    lastResult: answer?.result,
    defaultValue: hoursDefaultValues(hours),
    // Not on blur: a period's pair of times is checked together, so clearing one time shows an
    // error that clearing the other removes. Removed on blur, the message vanished as the pointer
    // went down on "Save hours", the button moved up under it and the click never happened.
    // Checked on submit and then on every keystroke, nothing moves between press and release.
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="hours" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <HoursFields fields={fields as never} />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}

export function ClosuresManager({
  closures,
  actionData,
}: {
  closures: { id: number; startsOn: string; endsOn: string; kind: string; noteEn: string; noteEs: string }[];
  actionData: EditActionData;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const answer = resultFor(actionData, "closure-add");
  const [form, fields] = useZodForm(closureSchema, {
    id: "closure-form",
    lastResult: answer?.result,
    defaultValue: { kind: "holiday" },
    shouldRevalidate: "onBlur",
  });
  const removeAnswer = resultFor(actionData, "closure-remove");
  const date = (value: string) => formatDate(new Date(`${value}T12:00:00Z`), language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="closures-title" className="mt-10">
      <h2 id="closures-title" className="text-xl font-semibold">
        {t("form.closuresTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("form.closuresHint")}</p>
      {removeAnswer && !removeAnswer.ok ? <FormErrors errors={removeAnswer.result.error?.[""] ?? undefined} /> : null}
      {closures.length ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {closures.map((closure) => (
            <li key={closure.id} className="flex items-center justify-between gap-3 p-3 text-sm">
              <span>
                {closure.startsOn === closure.endsOn
                  ? date(closure.startsOn)
                  : t("hours.range", { from: date(closure.startsOn), to: date(closure.endsOn) })}{" "}
                · {t(`form.closureKinds.${closure.kind}`)}
                {(language === "es" ? closure.noteEs || closure.noteEn : closure.noteEn || closure.noteEs)
                  ? ` · ${language === "es" ? closure.noteEs || closure.noteEn : closure.noteEn || closure.noteEs}`
                  : ""}
              </span>
              <RowAction intent="closure-remove" itemId={closure.id}>
                <RemoveButton>{t("form.remove")}</RemoveButton>
              </RowAction>
            </li>
          ))}
        </ul>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="closure-add" />
        <div className="sm:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <div>
          <label htmlFor={fields.startsOn.id} className="block text-sm font-medium">
            {t("form.closureFrom")}
          </label>
          <input
            {...getInputProps(fields.startsOn, { type: "date" })}
            key={fields.startsOn.key}
            className={inputClass}
          />
          <FieldErrors id={fields.startsOn.errorId} errors={fields.startsOn.errors} />
        </div>
        <div>
          <label htmlFor={fields.endsOn.id} className="block text-sm font-medium">
            {t("form.closureTo")}
          </label>
          <input {...getInputProps(fields.endsOn, { type: "date" })} key={fields.endsOn.key} className={inputClass} />
          <FieldErrors id={fields.endsOn.errorId} errors={fields.endsOn.errors} />
        </div>
        <div>
          <label htmlFor={fields.kind.id} className="block text-sm font-medium">
            {t("form.closureKind")}
          </label>
          <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={`${inputClass} bg-white`}>
            {closureKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`form.closureKinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="hidden sm:block" />
        <FormField field={fields.noteEn} label={t("form.noteEn")} optional maxLength={80} lang="en" />
        <FormField field={fields.noteEs} label={t("form.noteEs")} optional maxLength={80} lang="es" />
        <div className="sm:col-span-2">
          <SubmitButton secondary>{t("form.addClosure")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

interface MenuItemRow {
  id: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  priceMinor: number | null;
  currency: string;
  available: boolean;
}

function MenuItemForm({ item, actionData }: { item: MenuItemRow | null; actionData: EditActionData }) {
  const { t } = useTranslation("directory");
  const answer = resultFor(actionData, "menu-save", item?.id);
  const newAnswer = !item ? resultFor(actionData, "menu-save") : undefined;
  const mine = item ? answer : newAnswer && !newAnswer.itemId ? newAnswer : undefined;
  const [form, fields] = useZodForm(menuItemSchema, {
    id: `menu-${item?.id ?? "new"}`,
    lastResult: mine?.result,
    defaultValue: item
      ? {
          nameEn: item.nameEn,
          nameEs: item.nameEs,
          descriptionEn: item.descriptionEn,
          descriptionEs: item.descriptionEs,
          price: item.priceMinor === null ? "" : String(item.priceMinor / 100),
          currency: item.currency,
          available: item.available ? "on" : undefined,
        }
      : { currency: "USD", available: "on" },
    shouldRevalidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2" preventScrollReset>
      <input type="hidden" name="intent" value="menu-save" />
      {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <div className="sm:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <FormField field={fields.nameEn} label={t("form.dishNameEn")} maxLength={80} lang="en" />
      <FormField field={fields.nameEs} label={t("form.dishNameEs")} optional maxLength={80} lang="es" />
      <FormField field={fields.descriptionEn} label={t("form.dishDescriptionEn")} optional maxLength={200} lang="en" />
      <FormField field={fields.descriptionEs} label={t("form.dishDescriptionEs")} optional maxLength={200} lang="es" />
      <div className="grid grid-cols-2 gap-2">
        <FormField field={fields.price} label={t("form.price")} optional inputMode="decimal" maxLength={12} />
        <div>
          <label htmlFor={fields.currency.id} className="block text-sm font-medium text-slate-800">
            {t("form.currency")}
          </label>
          <select {...getSelectProps(fields.currency)} key={fields.currency.key} className={`${inputClass} bg-white`}>
            {menuCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 self-end text-sm">
        <input
          {...getInputProps(fields.available, { type: "checkbox" })}
          key={fields.available.key}
          className="size-5"
        />
        {t("form.available")}
      </label>
      <div className="sm:col-span-2">
        <SubmitButton secondary>{item ? t("form.saveDish") : t("form.addDish")}</SubmitButton>
      </div>
    </Form>
  );
}

export function MenuManager({ items, actionData }: { items: MenuItemRow[]; actionData: EditActionData }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  return (
    <section aria-labelledby="menu-manager-title" className="mt-10">
      <h2 id="menu-manager-title" className="text-xl font-semibold">
        {t("form.menuTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("form.menuHint")}</p>
      {items.length ? (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 p-3">
              <details>
                <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2">
                  <span className="font-medium">
                    {language === "es" ? item.nameEs || item.nameEn : item.nameEn || item.nameEs}
                  </span>
                  <span className="text-sm text-slate-600">
                    {item.priceMinor !== null
                      ? formatMoney(item.priceMinor / 100, language, item.currency as "USD" | "CRC")
                      : ""}
                    {item.available ? "" : ` · ${t("menu.unavailable")}`}
                  </span>
                </summary>
                <div className="mt-3">
                  <MenuItemForm item={item} actionData={actionData} />
                  <RowAction intent="menu-delete" itemId={item.id} className="mt-2">
                    <RemoveButton className="text-sm">{t("form.deleteDish")}</RemoveButton>
                  </RowAction>
                </div>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-4">
        <h3 className="mb-3 font-medium">{t("form.newDish")}</h3>
        <MenuItemForm item={null} actionData={actionData} />
      </div>
    </section>
  );
}

export function PhotoManager({
  images,
  actionData,
}: {
  images: { id: string; key: string; widths: number[]; width: number; height: number; altEn: string; altEs: string }[];
  actionData: EditActionData;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const answer = resultFor(actionData, "photo-upload");
  const [form, fields] = useZodForm(photoSchema, {
    id: "photo-form",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const other =
    actionData && (actionData.intent === "photo-delete" || actionData.intent === "photo-cover") && !actionData.ok
      ? actionData
      : undefined;
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title" className="text-xl font-semibold">
        {t("form.photosTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("form.photosHint", { max: maxGalleryImages })}</p>
      {other ? <FormErrors errors={other.result.error?.[""] ?? undefined} /> : null}
      {images.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="photos">
          {images.map((image, index) => (
            <li key={image.id} className="overflow-hidden rounded-lg border border-slate-200">
              <BusinessImage
                image={{
                  key: image.key,
                  widths: image.widths,
                  width: image.width,
                  height: image.height,
                  alt: (language === "es" ? image.altEs || image.altEn : image.altEn || image.altEs) || t("form.photo"),
                }}
                sizes="(min-width: 640px) 33vw, 50vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex flex-wrap items-center justify-between gap-1 p-2 text-sm">
                {index === 0 ? (
                  <span className="inline-flex items-center gap-1 font-medium text-amber-900">
                    <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                    {t("form.cover")}
                  </span>
                ) : (
                  <RowAction intent="photo-cover" itemId={image.id}>
                    <button type="submit" className="min-h-11 rounded-md px-2 text-brand-800 hover:bg-brand-50">
                      {t("form.makeCover")}
                    </button>
                  </RowAction>
                )}
                <RowAction intent="photo-delete" itemId={image.id}>
                  <RemoveButton className={tooltipAnchorClass}>
                    <span className="sr-only sm:not-sr-only">{t("form.remove")}</span>
                    {/* Icon-only on a phone, where the word is hidden: the tooltip shows it. */}
                    <TooltipBubble
                      text={t("form.remove")}
                      className="right-0 bottom-full mb-1 whitespace-nowrap sm:hidden"
                    />
                  </RemoveButton>
                </RowAction>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length < maxGalleryImages ? (
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="mt-4 grid gap-3 rounded-lg border border-dashed border-slate-300 p-4 sm:grid-cols-2"
          preventScrollReset
        >
          <input type="hidden" name="intent" value="photo-upload" />
          <div className="sm:col-span-2">
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.photo.id} className="flex items-center gap-2 text-sm font-medium">
              <Camera className="size-4" aria-hidden="true" />
              {t("form.photo")}
            </label>
            <input
              {...getInputProps(fields.photo, { type: "file" })}
              key={fields.photo.key}
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
            />
            <p className="mt-1 text-xs text-slate-600">{t("form.photoRules")}</p>
            <FieldErrors id={fields.photo.errorId} errors={fields.photo.errors} />
          </div>
          <FormField field={fields.altEn} label={t("form.altEn")} optional maxLength={150} lang="en" />
          <FormField field={fields.altEs} label={t("form.altEs")} optional maxLength={150} lang="es" />
          <div className="sm:col-span-2">
            <SubmitButton secondary>{t("form.upload")}</SubmitButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
