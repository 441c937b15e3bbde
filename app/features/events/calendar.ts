import { siteTimeZone, weekStartsOn } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { zonedParts } from "#app/lib/zoned-time";

// Calendar arithmetic on local days ("YYYY-MM-DD" on Costa Rica's clock). Pure: the calendar
// components and the /events loader share it. Weeks start on Sunday in English and Monday in
// Spanish.

export function todayKey(now = new Date()): string {
  const p = zonedParts(now, siteTimeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** The local day an instant falls on. */
export function dayOf(iso: string | Date): string {
  return todayKey(typeof iso === "string" ? new Date(iso) : iso);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function weekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The first day of the week holding `day`, for the language's week start. */
export function weekStart(day: string, language: Language): string {
  const back = (weekday(day) - weekStartsOn[language] + 7) % 7;
  return addDays(day, -back);
}

export function weekDays(day: string, language: Language): string[] {
  const start = weekStart(day, language);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [year, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The weeks (rows of 7 days) that show `month` ("YYYY-MM"), padded with the neighbours' days. */
export function monthGrid(month: string, language: Language): string[][] {
  const first = `${month}-01`;
  const start = weekStart(first, language);
  const nextMonth = `${addMonths(month, 1)}-01`;
  const weeks: string[][] = [];
  for (let day = start; day < nextMonth || weeks.length === 0; ) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/** Saturday and Sunday of this weekend (today's, when today is one of them): [from, toInclusive]. */
export function weekendDays(today: string): [string, string] {
  const d = weekday(today);
  if (d === 6) return [today, addDays(today, 1)];
  if (d === 0) return [today, today];
  return [addDays(today, 6 - d), addDays(today, 7 - d)];
}
