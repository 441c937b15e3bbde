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
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={named ? undefined : "true"}
      role={named ? "img" : undefined}
      {...rest}
      className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export const AlertTriangle: IconComponent = (props) => <Icon name="triangle-exclamation-point" {...props} />;
export const BadgeCheck: IconComponent = (props) => <Icon name="badge-check" {...props} />;
export const BedDouble: IconComponent = (props) => <Icon name="bed-double" {...props} />;
export const BookOpen: IconComponent = (props) => <Icon name="book-open" {...props} />;
export const CalendarCheck: IconComponent = (props) => <Icon name="calendar-check" {...props} />;
export const Camera: IconComponent = (props) => <Icon name="camera" {...props} />;
export const Car: IconComponent = (props) => <Icon name="car" {...props} />;
export const Check: IconComponent = (props) => <Icon name="check" {...props} />;
export const CheckCircle2: IconComponent = (props) => <Icon name="circle-check" {...props} />;
export const ChevronLeft: IconComponent = (props) => <Icon name="chevron-left" {...props} />;
export const ChevronRight: IconComponent = (props) => <Icon name="chevron-right" {...props} />;
export const Clock: IconComponent = (props) => <Icon name="clock" {...props} />;
export const ExternalLink: IconComponent = (props) => <Icon name="external-link" {...props} />;
export const Eye: IconComponent = (props) => <Icon name="eye" {...props} />;
export const Flag: IconComponent = (props) => <Icon name="flag" {...props} />;
export const FlaskConical: IconComponent = (props) => <Icon name="flask-conical" {...props} />;
export const Globe: IconComponent = (props) => <Icon name="globe" {...props} />;
export const GraduationCap: IconComponent = (props) => <Icon name="graduation-cap" {...props} />;
export const HardHat: IconComponent = (props) => <Icon name="hard-hat" {...props} />;
export const HeartPulse: IconComponent = (props) => <Icon name="heart-pulse" {...props} />;
export const House: IconComponent = (props) => <Icon name="house" {...props} />;
export const Images: IconComponent = (props) => <Icon name="images" {...props} />;
export const Info: IconComponent = (props) => <Icon name="info" {...props} />;
export const Landmark: IconComponent = (props) => <Icon name="landmark" {...props} />;
export const Laptop: IconComponent = (props) => <Icon name="laptop" {...props} />;
export const LoaderCircle: IconComponent = (props) => <Icon name="loader-circle" {...props} />;
export const Lock: IconComponent = (props) => <Icon name="lock" {...props} />;
export const Mail: IconComponent = (props) => <Icon name="mail" {...props} />;
export const MapIcon: IconComponent = (props) => <Icon name="map" {...props} />;
export const MapPin: IconComponent = (props) => <Icon name="map-pin" {...props} />;
export const Menu: IconComponent = (props) => <Icon name="menu" {...props} />;
export const MessageCircle: IconComponent = (props) => <Icon name="message-circle" {...props} />;
export const MessageSquareReply: IconComponent = (props) => <Icon name="message-square-reply" {...props} />;
export const Moon: IconComponent = (props) => <Icon name="moon" {...props} />;
export const MousePointerClick: IconComponent = (props) => <Icon name="mouse-pointer-click" {...props} />;
export const Navigation: IconComponent = (props) => <Icon name="navigation" {...props} />;
export const Phone: IconComponent = (props) => <Icon name="phone" {...props} />;
export const Plus: IconComponent = (props) => <Icon name="plus" {...props} />;
export const Sailboat: IconComponent = (props) => <Icon name="sailboat" {...props} />;
export const Search: IconComponent = (props) => <Icon name="search" {...props} />;
export const SearchX: IconComponent = (props) => <Icon name="search-x" {...props} />;
export const ShieldCheck: IconComponent = (props) => <Icon name="shield-check" {...props} />;
export const ShoppingBag: IconComponent = (props) => <Icon name="shopping-bag" {...props} />;
export const Siren: IconComponent = (props) => <Icon name="siren" {...props} />;
export const SlidersHorizontal: IconComponent = (props) => <Icon name="sliders-horizontal" {...props} />;
export const Star: IconComponent = (props) => <Icon name="star" {...props} />;
export const Store: IconComponent = (props) => <Icon name="store" {...props} />;
export const Sun: IconComponent = (props) => <Icon name="sun" {...props} />;
export const Sunrise: IconComponent = (props) => <Icon name="sunrise" {...props} />;
export const Trash2: IconComponent = (props) => <Icon name="trash" {...props} />;
export const User: IconComponent = (props) => <Icon name="user" {...props} />;
export const Users: IconComponent = (props) => <Icon name="users" {...props} />;
export const UtensilsCrossed: IconComponent = (props) => <Icon name="utensils-crossed" {...props} />;
export const Waves: IconComponent = (props) => <Icon name="waves-horizontal" {...props} />;
export const WifiOff: IconComponent = (props) => <Icon name="wifi-off" {...props} />;
export const Wrench: IconComponent = (props) => <Icon name="wrench" {...props} />;
export const X: IconComponent = (props) => <Icon name="x" {...props} />;
export const XCircle: IconComponent = (props) => <Icon name="circle-x" {...props} />;
export const Bell: IconComponent = (props) => <Icon name="bell" {...props} />;
export const BellOff: IconComponent = (props) => <Icon name="bell-off" {...props} />;
export const Heart: IconComponent = (props) => <Icon name="heart" {...props} />;
export const Pencil: IconComponent = (props) => <Icon name="pencil" {...props} />;
export const Pin: IconComponent = (props) => <Icon name="pin" {...props} />;
export const Quote: IconComponent = (props) => <Icon name="quote" {...props} />;
