import {
  BedDouble,
  Car,
  GraduationCap,
  HardHat,
  HeartPulse,
  House,
  Landmark,
  Laptop,
  type LucideIcon,
  Sailboat,
  ShoppingBag,
  Store,
  UtensilsCrossed,
  Wrench,
} from "lucide-react";

const icons: Record<string, LucideIcon> = {
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
