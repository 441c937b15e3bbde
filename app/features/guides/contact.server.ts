import { type Executor, inTransaction } from "#app/lib/db.server";
import { isLanguage, type Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit, countEvent } from "#app/lib/rate-limit.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { activeAdmins } from "#app/platform/people/people.server";
import { siteContactEmail } from "#app/platform/site/site-config.server";
import { type ContactFormInput, contactFormSchema } from "./forms";
import { contactMessages } from "./schema";

/** Five messages an hour from one address is plenty for a person and little for a spammer. */
export const contactRateLimit = { points: 5, durationSeconds: 60 * 60 } as const;

/**
 * Emails to the team an hour from every sender together: limits on senders alone let many senders
 * flood the team's inbox. Past it messages are still stored (and read in the admin area); only
 * the email is skipped, so no visitor is refused for others' traffic.
 */
export const contactEmailsPerHour = 30;

interface Recipient {
  email: string;
  language: Language;
}

/** The site's contact address when configured; otherwise every active admin. */
async function contactRecipients(): Promise<Recipient[]> {
  const contactEmail = await siteContactEmail();
  if (contactEmail) return [{ email: contactEmail, language: "en" }];
  const admins = await activeAdmins();
  return admins.map((admin) => ({ email: admin.email, language: isLanguage(admin.language) ? admin.language : "en" }));
}

/**
 * Stores a message from /contact and queues it by email to the site's team, in one transaction.
 * A filled-in honeypot is accepted without storing anything, so a bot learns nothing.
 * Throws AppError("rate_limited") past the limit for the sender's IP.
 */
export async function submitContactMessage(
  options: {
    input: ContactFormInput;
    language: Language;
    ip: string;
    userId?: string | null;
  },
  executor?: Executor,
): Promise<{ stored: boolean }> {
  // Validated again here: the domain does not trust its caller.
  const input = contactFormSchema.parse(options.input);
  await consumeRateLimit({ key: `contact:ip:${options.ip}`, ...contactRateLimit });
  if (input.website?.trim()) {
    logger.info({ ip: options.ip }, "contact form honeypot filled; message dropped");
    return { stored: false };
  }
  const recipients = await contactRecipients();
  await inTransaction(executor, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: options.language,
        userId: options.userId ?? null,
      })
      .returning({ id: contactMessages.id });
    const emailed = await countEvent({ key: "contact:emails-to-team", durationSeconds: 60 * 60 });
    if (emailed > contactEmailsPerHour) return;
    for (const recipient of recipients) {
      const t = await getTranslator(recipient.language);
      await sendEmail(
        {
          to: recipient.email,
          subject: t("guides:contactForm.emailSubject", { subject: input.subject }),
          text: [
            t("guides:contactForm.emailIntro", { siteName: "Playa Hub" }),
            "",
            `${t("guides:contactForm.name")}: ${input.name}`,
            `${t("guides:contactForm.email")}: ${input.email}`,
            `${t("guides:contactForm.subject")}: ${input.subject}`,
            `#${row.id} · ${options.language}`,
            "",
            input.message,
          ].join("\n"),
        },
        tx,
      );
    }
  });
  return { stored: true };
}
