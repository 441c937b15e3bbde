import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { emailLink, getSigningSecret } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { forumDiscussions, forumFollows, forumReplies } from "./schema";

// Emails to a discussion's followers when it gets a new reply: each in the follower's own
// language, through the outbox in the replying transaction, each with a link that stops them in
// one click, signed out too: the link carries a token signed with the site's secret, good for
// that person and that discussion only.

async function tokenFor(userId: string, discussionId: string) {
  const secret = await getSigningSecret();
  return createHmac("sha256", secret).update(`forum-unfollow\n${userId}\n${discussionId}`).digest("base64url");
}

/** The signed unsubscribe link's query for one follower of one discussion. */
export async function unsubscribeQuery(userId: string, discussionId: string) {
  return { d: discussionId, u: userId, t: await tokenFor(userId, discussionId) };
}

async function verifyToken(options: { userId: string; discussionId: string; token: string }) {
  const expected = Buffer.from(await tokenFor(options.userId, options.discussionId));
  const given = Buffer.from(options.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError("not_found", "community:unsubscribe.invalid");
}

/** The discussion an unsubscribe link names, after checking its token (for the page's title). */
export async function readUnsubscribeLink(options: { userId: string; discussionId: string; token: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(options.discussionId) || options.userId.length > 200 || options.token.length > 200)
    throw new AppError("not_found", "community:unsubscribe.invalid");
  await verifyToken(options);
  const [row] = await getDb()
    .select({ id: forumDiscussions.id, title: forumDiscussions.title })
    .from(forumDiscussions)
    .where(eq(forumDiscussions.id, options.discussionId));
  if (!row) throw new AppError("not_found", "community:unsubscribe.invalid");
  return row;
}

/** Follows or unfollows through a signed link: no session needed, the token is the proof. */
export async function setFollowingByToken(
  options: { userId: string; discussionId: string; token: string; follow: boolean },
  executor?: Executor,
) {
  const discussion = await readUnsubscribeLink(options);
  await inTransaction(executor, async (tx) => {
    if (options.follow)
      await tx
        .insert(forumFollows)
        .values({ discussionId: discussion.id, userId: options.userId })
        .onConflictDoNothing();
    else
      await tx
        .delete(forumFollows)
        .where(and(eq(forumFollows.discussionId, discussion.id), eq(forumFollows.userId, options.userId)));
  });
  return discussion;
}

/** Queues one email per follower (not the reply's author) about a new published reply. */
export async function notifyFollowers(
  options: { discussionId: string; replyId: string; authorId: string | null },
  tx: Executor,
) {
  const followers = await tx
    .select({ userId: forumFollows.userId })
    .from(forumFollows)
    .where(
      and(
        eq(forumFollows.discussionId, options.discussionId),
        options.authorId ? ne(forumFollows.userId, options.authorId) : undefined,
      ),
    );
  if (!followers.length) return 0;
  const [thread] = await tx
    .select({ title: forumDiscussions.title })
    .from(forumDiscussions)
    .where(eq(forumDiscussions.id, options.discussionId));
  const [reply] = await tx
    .select({ body: forumReplies.body })
    .from(forumReplies)
    .where(eq(forumReplies.id, options.replyId));
  if (!thread || !reply) return 0;
  const people = await userSummaries([...followers.map((row) => row.userId), options.authorId ?? ""], tx);
  const author = options.authorId ? people.get(options.authorId) : undefined;
  const excerpt = (() => {
    const text = markdownToPlainText(reply.body);
    return text.length > 400 ? `${text.slice(0, 399).trimEnd()}…` : text;
  })();
  // Loaded on first use, as the account emails do: scripts that import the domain run without it.
  const { getTranslator } = await import("#app/lib/i18n.server");
  let queued = 0;
  for (const { userId } of followers) {
    const person = people.get(userId);
    if (!person) continue;
    const language: Language = isLanguage(person.preferredLanguage) ? person.preferredLanguage : "en";
    const t = await getTranslator(language);
    const values = {
      name: person.firstName || person.name,
      author: author ? publicName(author) : t("community:post.formerMember"),
      title: thread.title,
      excerpt,
      link: `${emailLink(`/forums/post/${options.discussionId}`, language)}#reply-${options.replyId}`,
      unsubscribe: emailLink("/forums/unsubscribe", language, await unsubscribeQuery(userId, options.discussionId)),
      siteName: "Playa Hub",
    };
    await sendEmail(
      {
        to: person.email,
        subject: t("community:emails.newReply.subject", values),
        text: t("community:emails.newReply.text", values),
        // Mail clients show their own unsubscribe button; its POST is the page's one-click action.
        headers: {
          "List-Unsubscribe": `<${values.unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
      tx,
    );
    queued += 1;
  }
  return queued;
}
