import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url&no-inline";

// Icons come from one SVG sprite (generated from lucide's icon data by scripts/icon-sprite.mjs),
// referenced with <use>: the browser fetches and caches it once (a hashed asset), instead of every
// page repeating each icon's paths inline and shipping lucide-react's components as JavaScript.
// Every icon here is decorative unless given an accessible name (aria-label, or a visible or
// sr-only text next to it); icon-only controls name themselves.

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

/** One icon of the sprite by its lucide name; the named exports below are what the app uses. */
export function Icon({ name, className, ...rest }: IconProps & { name: string }) {
  const named = rest["aria-label"] !== undefined || rest["aria-labelledby"] !== undefined;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it
    <svg
      // The size holds until the stylesheet arrives; the stroke style is in app.css (.icon).
      width="24"
      height="24"
      aria-hidden={named ? undefined : "true"}
      role={named ? "img" : undefined}
      {...rest}
      className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

/**
 * The app's named icons, each one sprite symbol. Made by one function rather than written out as 60
 * arrow components: every page's JavaScript carries this list, and a call per icon is the shortest.
 */
function icon(name: string): IconComponent {
  return (props) => <Icon name={name} {...props} />;
}

export const AlertTriangle: IconComponent = icon("triangle-exclamation-point");
export const BadgeCheck: IconComponent = icon("badge-check");
export const BedDouble: IconComponent = icon("bed-double");
export const BookOpen: IconComponent = icon("book-open");
export const CalendarCheck: IconComponent = icon("calendar-check");
export const Camera: IconComponent = icon("camera");
export const Car: IconComponent = icon("car");
export const Check: IconComponent = icon("check");
export const CheckCircle2: IconComponent = icon("circle-check");
export const ChevronLeft: IconComponent = icon("chevron-left");
export const ChevronRight: IconComponent = icon("chevron-right");
export const Clock: IconComponent = icon("clock");
export const ExternalLink: IconComponent = icon("external-link");
export const Eye: IconComponent = icon("eye");
export const Flag: IconComponent = icon("flag");
export const FlaskConical: IconComponent = icon("flask-conical");
export const Globe: IconComponent = icon("globe");
export const GraduationCap: IconComponent = icon("graduation-cap");
export const HardHat: IconComponent = icon("hard-hat");
export const HeartPulse: IconComponent = icon("heart-pulse");
export const House: IconComponent = icon("house");
export const Images: IconComponent = icon("images");
export const Info: IconComponent = icon("info");
export const Landmark: IconComponent = icon("landmark");
export const Laptop: IconComponent = icon("laptop");
export const LoaderCircle: IconComponent = icon("loader-circle");
export const Lock: IconComponent = icon("lock");
export const Mail: IconComponent = icon("mail");
export const MapIcon: IconComponent = icon("map");
export const MapPin: IconComponent = icon("map-pin");
export const Menu: IconComponent = icon("menu");
export const MessageCircle: IconComponent = icon("message-circle");
export const MessageSquareReply: IconComponent = icon("message-square-reply");
export const Moon: IconComponent = icon("moon");
export const MousePointerClick: IconComponent = icon("mouse-pointer-click");
export const Navigation: IconComponent = icon("navigation");
export const Phone: IconComponent = icon("phone");
export const Plus: IconComponent = icon("plus");
export const Sailboat: IconComponent = icon("sailboat");
export const Search: IconComponent = icon("search");
export const SearchX: IconComponent = icon("search-x");
export const ShieldCheck: IconComponent = icon("shield-check");
export const ShoppingBag: IconComponent = icon("shopping-bag");
export const Siren: IconComponent = icon("siren");
export const SlidersHorizontal: IconComponent = icon("sliders-horizontal");
export const Star: IconComponent = icon("star");
export const Store: IconComponent = icon("store");
export const Sun: IconComponent = icon("sun");
export const Sunrise: IconComponent = icon("sunrise");
export const Trash2: IconComponent = icon("trash");
export const User: IconComponent = icon("user");
export const Users: IconComponent = icon("users");
export const UtensilsCrossed: IconComponent = icon("utensils-crossed");
export const Waves: IconComponent = icon("waves-horizontal");
export const WifiOff: IconComponent = icon("wifi-off");
export const Wrench: IconComponent = icon("wrench");
export const X: IconComponent = icon("x");
export const XCircle: IconComponent = icon("circle-x");
export const Bell: IconComponent = icon("bell");
export const BellOff: IconComponent = icon("bell-off");
export const Heart: IconComponent = icon("heart");
export const Pencil: IconComponent = icon("pencil");
export const Pin: IconComponent = icon("pin");
export const Quote: IconComponent = icon("quote");
export const Accessibility: IconComponent = icon("accessibility");
export const Baby: IconComponent = icon("baby");
export const Banknote: IconComponent = icon("banknote");
export const CircleDollarSign: IconComponent = icon("circle-dollar-sign");
export const CreditCard: IconComponent = icon("credit-card");
export const Languages: IconComponent = icon("languages");
export const PawPrint: IconComponent = icon("paw-print");
export const Smartphone: IconComponent = icon("smartphone");
export const SquareParking: IconComponent = icon("square-letter-p");
export const Truck: IconComponent = icon("truck");
export const Wifi: IconComponent = icon("wifi");
