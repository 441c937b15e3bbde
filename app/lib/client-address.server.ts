import { isIPv4, isIPv6 } from "node:net";

// The address rate limits and per-visitor gates key on. An IPv6 visitor usually holds a whole /64
// (one home, one phone) and can pick any of its 2^64 addresses per request, so every limit counts
// the /64 as one visitor; IPv4 stays one address. IPv4 written as IPv6 (::ffff:1.2.3.4) is IPv4.

function hextets(address: string): number[] | null {
  let text = address.split("%")[0].toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes its two hextets.
  const tail = text.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail[1].split(".").map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const values = groups.map((group) => Number.parseInt(group, 16));
  return values.length === 8 && values.every((value) => Number.isInteger(value) && value >= 0 && value <= 0xffff)
    ? values
    : null;
}

/** "203.0.113.9" stays; "2001:db8:1:2:aaaa::1" becomes "2001:db8:1:2::" (its /64). */
export function addressForLimits(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split("%")[0])) return ip;
  const groups = hextets(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::`;
}
