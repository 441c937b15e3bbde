// How people here reach a place: a phone number is dialled in E.164 (+506 and eight digits for
// Costa Rica) and read as "+506 2654-1234"; WhatsApp opens click-to-chat with a greeting already
// typed; directions open Waze, which most drivers here use, or Google Maps. Pure: the pages, the
// counting redirect and the tests all build the same links.

const costaRicaCode = "506";

/**
 * A typed phone number in E.164 ("+50626541234"), or null when it has too few digits to dial.
 * Eight digits with no country code are a Costa Rican number; "00" starts an international one.
 */
export function phoneE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  const international = trimmed.startsWith("+") || digits.startsWith("00");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (!international && digits.length === 8) digits = costaRicaCode + digits;
  if (digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

/** A phone number as people here write it: "+506 2654-1234"; another country's in E.164. */
export function formatPhone(phone: string | null | undefined): string {
  const e164 = phoneE164(phone);
  if (!e164) return phone?.trim() ?? "";
  const local = e164.slice(1 + costaRicaCode.length);
  if (e164.startsWith(`+${costaRicaCode}`) && local.length === 8)
    return `+${costaRicaCode} ${local.slice(0, 4)}-${local.slice(4)}`;
  return e164;
}

/** A `tel:` link in E.164, or null when the number cannot be dialled. */
export function telHref(phone: string | null | undefined): string | null {
  const e164 = phoneE164(phone);
  return e164 ? `tel:${e164}` : null;
}

/** WhatsApp click-to-chat with `text` typed in the box, or null when the number cannot be dialled. */
export function whatsappHref(phone: string | null | undefined, text: string): string | null {
  const e164 = phoneE164(phone);
  if (!e164) return null;
  // encodeURIComponent writes a space as %20 and a "+" as %2B, so neither reads as the other.
  return `https://wa.me/${e164.slice(1)}?text=${encodeURIComponent(text)}`;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

function hasCoordinates(place: { latitude: number | null; longitude: number | null }): place is Coordinates {
  return (
    typeof place.latitude === "number" &&
    typeof place.longitude === "number" &&
    Number.isFinite(place.latitude) &&
    Number.isFinite(place.longitude) &&
    Math.abs(place.latitude) <= 90 &&
    Math.abs(place.longitude) <= 180
  );
}

/** Waze driving to the coordinates, or null for a place without them. */
export function wazeHref(place: { latitude: number | null; longitude: number | null }): string | null {
  if (!hasCoordinates(place)) return null;
  return `https://waze.com/ul?ll=${place.latitude},${place.longitude}&navigate=yes`;
}

/** Google Maps directions to the coordinates, or to the name and address when there are none. */
export function googleMapsHref(place: {
  latitude: number | null;
  longitude: number | null;
  name: string;
  address: string;
}): string {
  const destination = hasCoordinates(place)
    ? `${place.latitude},${place.longitude}`
    : [place.name, place.address].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
