import {
  BedDouble,
  Car,
  GraduationCap,
  HardHat,
  HeartPulse,
  House,
  type IconComponent,
  Landmark,
  Laptop,
  Sailboat,
  ShoppingBag,
  Store,
  UtensilsCrossed,
  Wrench,
} from "#app/components/ui/icons";

const icons: Record<string, IconComponent> = {
  restaurant: UtensilsCrossed,
  accommodation: BedDouble,
  services: Wrench,
  retail: ShoppingBag,
  health: HeartPulse,
  entertainment: Sailboat,
  "real-estate": House,
  construction: HardHat,
  automotive: Car,
  education: GraduationCap,
  technology: Laptop,
  finance: Landmark,
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = icons[category] ?? Store;
  return <Icon className={className} aria-hidden="true" />;
}
