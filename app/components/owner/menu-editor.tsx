import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { BusinessImage } from "#app/components/directory/business-image";
import { type EditActionData, resultFor } from "#app/components/directory/edit-forms";
import { BilingualFields, FormField, inputClass } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { Trash2 } from "#app/components/ui/icons";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { dietaryTags, menuCurrencies } from "#app/features/directory/constants";
import { menuItemSchema, menuPhotoSchema } from "#app/features/directory/forms";
import { type ExchangeRate, showPrice } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

export interface MenuEditorItem {
  id: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  sectionEn: string;
  sectionEs: string;
  priceMinor: number | null;
  currency: string;
  available: boolean;
  dietaryTags: string[];
  image: { key: string; widths: number[] } | null;
}

/** The whole menu of one business: its items in order, each editable, and a form for a new one. */
export function MenuEditor({
  items,
  actionData,
  rate,
}: {
  items: MenuEditorItem[];
  actionData: EditActionData;
  rate: ExchangeRate | null;
}) {
  const { t } = useTranslation("owner");
  const language = useLanguage();
  const failed = actionData && !actionData.ok && !actionData.itemId ? actionData : undefined;
  return (
    <div className="mt-6">
      {failed && failed.intent !== "menu-save" ? <FormErrors errors={failed.result.error?.[""] ?? undefined} /> : null}
      {items.length ? (
        <ol className="space-y-3" data-testid="menu-editor">
          {items.map((item, index) => {
            const name = language === "es" ? item.nameEs || item.nameEn : item.nameEn || item.nameEs;
            const section = language === "es" ? item.sectionEs || item.sectionEn : item.sectionEn || item.sectionEs;
            const price =
              item.priceMinor === null
                ? null
                : showPrice({ amountMinor: item.priceMinor, currency: item.currency as "USD" | "CRC", language, rate });
            return (
              <li key={item.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    {section ? <p className="text-xs tracking-wide text-slate-600 uppercase">{section}</p> : null}
                    <p className="font-medium">{name}</p>
                    <p className="text-sm text-slate-700">
                      {price ? price.text : t("menu.noPrice")}
                      {price?.original ? (
                        <small className="ml-1 text-xs text-slate-600">({price.original.text})</small>
                      ) : null}
                      {item.available ? "" : ` · ${t("menu.unavailable")}`}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <MoveButton
                      itemId={item.id}
                      direction="up"
                      disabled={index === 0}
                      label={t("menu.moveUp", { name })}
                    />
                    <MoveButton
                      itemId={item.id}
                      direction="down"
                      disabled={index === items.length - 1}
                      label={t("menu.moveDown", { name })}
                    />
                  </div>
                </div>
                <details className="mt-2">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-800">
                    {t("menu.edit", { name })}
                  </summary>
                  <div className="mt-3 space-y-4">
                    <MenuItemFields item={item} actionData={actionData} />
                    <ItemPhoto item={item} actionData={actionData} />
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="menu-delete" />
                      <input type="hidden" name="itemId" value={item.id} />
                      <button
                        type="submit"
                        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm text-red-800 hover:bg-red-50"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        {t("menu.delete", { name })}
                      </button>
                    </Form>
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-6">{t("menu.empty")}</p>
      )}
      <section aria-labelledby="new-dish-title" className="mt-6 rounded-lg border border-dashed border-slate-300 p-4">
        <h2 id="new-dish-title" className="mb-3 text-lg font-semibold">
          {t("menu.new")}
        </h2>
        {/* Keyed by the count: after an add the form starts empty again (the page is not reloaded). */}
        <MenuItemFields key={`new-${items.length}`} item={null} actionData={actionData} />
      </section>
    </div>
  );
}

function MoveButton({
  itemId,
  direction,
  disabled,
  label,
}: {
  itemId: string;
  direction: "up" | "down";
  disabled: boolean;
  label: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="menu-move" />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={label}
        title={label}
        className="inline-flex size-11 items-center justify-center rounded-md border border-slate-300 text-lg hover:bg-slate-50 disabled:opacity-40"
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}

function MenuItemFields({ item, actionData }: { item: MenuEditorItem | null; actionData: EditActionData }) {
  const { t } = useTranslation("owner");
  const navigation = useNavigation();
  const answer = item
    ? resultFor(actionData, "menu-save", item.id)
    : actionData?.intent === "menu-save" && !actionData.itemId
      ? actionData
      : undefined;
  const [form, fields] = useZodForm(menuItemSchema, {
    id: `owner-menu-${item?.id ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: item
      ? {
          nameEn: item.nameEn,
          nameEs: item.nameEs,
          descriptionEn: item.descriptionEn,
          descriptionEs: item.descriptionEs,
          sectionEn: item.sectionEn,
          sectionEs: item.sectionEs,
          price: item.priceMinor === null ? "" : String(item.priceMinor / 100),
          currency: item.currency,
          available: item.available ? "on" : undefined,
          dietaryTags: item.dietaryTags as never,
        }
      : { currency: "USD", available: "on" },
    shouldRevalidate: "onBlur",
  });
  const chosen = new Set(
    Array.isArray(fields.dietaryTags.initialValue)
      ? (fields.dietaryTags.initialValue as string[])
      : fields.dietaryTags.initialValue
        ? [String(fields.dietaryTags.initialValue)]
        : [],
  );
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2" preventScrollReset>
      <input type="hidden" name="intent" value="menu-save" />
      {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <div className="sm:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <FormField field={fields.nameEn} label={t("menu.fields.nameEn")} maxLength={80} lang="en" />
      <FormField field={fields.nameEs} label={t("menu.fields.nameEs")} optional maxLength={80} lang="es" />
      <BilingualFields
        en={fields.descriptionEn}
        es={fields.descriptionEs}
        labels={{ en: t("menu.fields.descriptionEn"), es: t("menu.fields.descriptionEs") }}
        optional
        maxLength={200}
      />
      <FormField
        field={fields.sectionEn}
        label={t("menu.fields.sectionEn")}
        hint={t("menu.fields.sectionHint")}
        optional
        maxLength={60}
        lang="en"
      />
      <FormField field={fields.sectionEs} label={t("menu.fields.sectionEs")} optional maxLength={60} lang="es" />
      <div className="grid grid-cols-2 gap-2">
        <FormField
          field={fields.price}
          label={t("menu.fields.price")}
          hint={t("menu.fields.priceHint")}
          optional
          inputMode="decimal"
          maxLength={12}
        />
        <div>
          <label htmlFor={fields.currency.id} className="block text-sm font-medium text-slate-800">
            {t("menu.fields.currency")}
          </label>
          <select {...getSelectProps(fields.currency)} key={fields.currency.key} className={`${inputClass} bg-white`}>
            {menuCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {t(`menu.currencies.${currency}`)}
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
        {t("menu.fields.available")}
      </label>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800">{t("menu.dietaryLabel")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {dietaryTags.map((tag) => (
            <label key={tag} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.dietaryTags.name}
                value={tag}
                defaultChecked={chosen.has(tag)}
                className="size-5"
              />
              {t(`menu.dietary.${tag}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.dietaryTags.errorId} errors={fields.dietaryTags.errors} />
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
          {item ? t("menu.save") : t("menu.add")}
        </button>
      </div>
    </Form>
  );
}

function ItemPhoto({ item, actionData }: { item: MenuEditorItem; actionData: EditActionData }) {
  const { t } = useTranslation("owner");
  const answer = resultFor(actionData, "menu-photo", item.id);
  const [form, fields] = useZodForm(menuPhotoSchema, {
    id: `owner-menu-photo-${item.id}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <div className="flex flex-wrap items-end gap-3">
      {item.image ? (
        <>
          <BusinessImage
            image={{ key: item.image.key, widths: item.image.widths, alt: t("menu.photoAlt"), width: 80, height: 80 }}
            sizes="80px"
            className="size-20 rounded-lg object-cover"
          />
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="menu-photo-remove" />
            <input type="hidden" name="itemId" value={item.id} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-red-800 hover:bg-red-50"
            >
              {t("menu.photoRemove")}
            </button>
          </Form>
        </>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        preventScrollReset
        className="space-y-1"
      >
        <input type="hidden" name="intent" value="menu-photo" />
        <input type="hidden" name="itemId" value={item.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.photo.id} className="block text-sm font-medium text-slate-800">
          {item.image ? t("menu.photoReplace") : t("menu.photoAdd")}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            {...getInputProps(fields.photo, { type: "file" })}
            key={fields.photo.key}
            accept="image/jpeg,image/png,image/webp"
            className="max-w-full text-sm"
          />
          <button type="submit" className="btn-secondary">
            {t("menu.photoUpload")}
          </button>
        </div>
        <FieldErrors id={fields.photo.errorId} errors={fields.photo.errors} />
      </Form>
    </div>
  );
}
