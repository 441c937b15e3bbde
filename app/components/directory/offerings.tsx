import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { FieldErrors } from "#app/components/ui/form-message";
import {
  Accessibility,
  Baby,
  Banknote,
  CalendarCheck,
  CircleDollarSign,
  CreditCard,
  type IconComponent,
  Languages,
  MessageCircle,
  PawPrint,
  Smartphone,
  SquareParking,
  Truck,
  Wifi,
} from "#app/components/ui/icons";
import {
  amenityOfferings,
  type BusinessOffering,
  paymentOfferings,
  type SpokenLanguage,
  spokenLanguages,
} from "#app/features/directory/constants";
import { useTranslation } from "#app/lib/translations";

export const offeringIcons: Record<BusinessOffering, IconComponent> = {
  sinpe: Smartphone,
  "cash-crc": Banknote,
  "cash-usd": CircleDollarSign,
  cards: CreditCard,
  whatsapp: MessageCircle,
  wifi: Wifi,
  parking: SquareParking,
  wheelchair: Accessibility,
  pets: PawPrint,
  children: Baby,
  delivery: Truck,
  reservations: CalendarCheck,
};

/** A business page's "accepts and offers": each fact an icon with its words; nothing when none is set. */
export function OfferingsList({
  offerings,
  languages,
}: {
  offerings: BusinessOffering[];
  languages: SpokenLanguage[];
}) {
  const { t } = useTranslation("directory");
  if (!offerings.length && !languages.length) return null;
  const groups = [
    { key: "payments", items: paymentOfferings.filter((offering) => offerings.includes(offering)) },
    { key: "amenities", items: amenityOfferings.filter((offering) => offerings.includes(offering)) },
  ].filter((group) => group.items.length);
  return (
    <section aria-labelledby="offerings-title" className="mt-6" data-testid="offerings">
      <h3 id="offerings-title" className="font-semibold">
        {t("offerings.title")}
      </h3>
      {groups.map((group) => (
        <div key={group.key} className="mt-2">
          <h4 className="text-sm font-medium text-slate-700">{t(`offerings.groups.${group.key}`)}</h4>
          <ul className="mt-1 flex flex-wrap gap-2">
            {group.items.map((offering) => {
              const OfferingIcon = offeringIcons[offering];
              return (
                <li
                  key={offering}
                  data-offering={offering}
                  className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                >
                  <OfferingIcon className="size-4 text-brand-700" aria-hidden="true" />
                  {t(`offerings.items.${offering}`)}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {languages.length ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-800">
          <Languages className="size-4 text-brand-700" aria-hidden="true" />
          <span>
            {t("offerings.speaks", {
              list: languages.map((code) => t(`offerings.languages.${code}`)).join(", "),
            })}
          </span>
        </p>
      ) : null}
    </section>
  );
}

type ListField = FieldMetadata<string[] | undefined> | FieldMetadata<unknown>;

/** The edit form's checkboxes: payments, amenities and the languages spoken. */
export function OfferingsFields({ fields }: { fields: { offerings: ListField; spokenLanguages: ListField } }) {
  const { t } = useTranslation("directory");
  const offeringBoxes = getCollectionProps(fields.offerings as FieldMetadata<string[]>, {
    type: "checkbox",
    options: [...paymentOfferings, ...amenityOfferings],
  });
  const languageBoxes = getCollectionProps(fields.spokenLanguages as FieldMetadata<string[]>, {
    type: "checkbox",
    options: [...spokenLanguages],
  });
  const box = (props: (typeof offeringBoxes)[number], label: string) => {
    const { key, ...input } = props;
    return (
      <label key={key} className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input {...input} className="size-5" />
        {label}
      </label>
    );
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("offerings.form.hint")}</p>
      <fieldset aria-describedby={fields.offerings.errors ? fields.offerings.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("offerings.groups.payments")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {offeringBoxes
            .filter((props) => (paymentOfferings as readonly string[]).includes(props.value))
            .map((props) => box(props, t(`offerings.items.${props.value}`)))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("offerings.groups.amenities")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {offeringBoxes
            .filter((props) => (amenityOfferings as readonly string[]).includes(props.value))
            .map((props) => box(props, t(`offerings.items.${props.value}`)))}
        </div>
        <FieldErrors id={fields.offerings.errorId} errors={fields.offerings.errors} />
      </fieldset>
      <fieldset aria-describedby={fields.spokenLanguages.errors ? fields.spokenLanguages.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("offerings.form.languagesLegend")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {languageBoxes.map((props) => box(props, t(`offerings.languages.${props.value}`)))}
        </div>
        <FieldErrors id={fields.spokenLanguages.errorId} errors={fields.spokenLanguages.errors} />
      </fieldset>
    </div>
  );
}
