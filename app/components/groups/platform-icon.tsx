import type { SVGProps } from "react";
import { FacebookIcon, WhatsAppIcon } from "#app/components/ui/social-icons";
import type { GroupPlatform } from "#app/features/groups/constants";

// Brand marks are not in the icon set: WhatsApp and Facebook come from the footer's social icons,
// Telegram and Signal are drawn here in the same simple style.
function TelegramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M21.5 3.6 2.9 10.8c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.3c.3-1.2-.5-1.8-1-1.4ZM9.3 13.4l8.6-5.4c.4-.3.8-.1.5.2l-7.1 6.4-.3 3.2-1.7-4.4Z" />
    </svg>
  );
}

function SignalIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" {...props}>
      <path d="M12 3a9 9 0 0 0-7.7 13.6L3 21l4.5-1.2A9 9 0 1 0 12 3Z" strokeLinejoin="round" />
    </svg>
  );
}

const icons = { whatsapp: WhatsAppIcon, telegram: TelegramIcon, facebook: FacebookIcon, signal: SignalIcon };

/** The platform's colour, for the icon's round badge (text colour white on each passes AA for an icon). */
export const platformTone: Record<GroupPlatform, string> = {
  whatsapp: "bg-[#128c4b]",
  telegram: "bg-[#1f6fa8]",
  facebook: "bg-[#1464d0]",
  signal: "bg-[#2c5fd6]",
};

export function PlatformIcon({ platform, className }: { platform: GroupPlatform; className?: string }) {
  const Icon = icons[platform];
  return (
    <span
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white ${platformTone[platform]} ${className ?? ""}`}
    >
      <Icon className="size-5" />
    </span>
  );
}
