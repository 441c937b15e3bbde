import { eq } from "drizzle-orm";
import { messageThreads, threadMessages } from "#app/features/messages/schema";
import type { Db } from "#app/lib/db.server";
import { demoOwnerListing } from "./accounts";
import { hoursBefore } from "./demo-dates";

// Visitors' messages to the demo owner's listing: one answered, two waiting, so the dashboard's
// inbox shows both. Only with the demo accounts; once per listing.

export const demoThreads = [
  {
    name: "Ana Solís",
    email: "ana.solis@example.test",
    language: "es",
    messages: [
      { sender: "visitor", hoursAgo: 74, body: "Hola, ¿tienen opciones sin gluten? ¿La salsa de soya lo es?" },
      {
        sender: "owner",
        hoursAgo: 71,
        body: "¡Hola, Ana! Sí: tenemos tamari sin gluten y la carta marca los rollos que lo son. Avísenos al reservar y preparamos su pedido aparte.",
      },
    ],
  },
  {
    name: "Daniel Carter",
    email: "daniel.carter@example.test",
    language: "en",
    messages: [
      {
        sender: "visitor",
        hoursAgo: 26,
        body: "Do you have room for a group of ten on Saturday evening? We're celebrating a birthday.",
      },
    ],
  },
  {
    name: "Marie Dubois",
    email: "marie.dubois@example.test",
    language: "en",
    messages: [
      {
        sender: "visitor",
        hoursAgo: 5,
        body: "Do you have vegetarian rolls? And is there parking near the building?",
      },
    ],
  },
] as const;

export async function seedDemoMessages(db: Db, now: Date = new Date()) {
  const listing = await demoOwnerListing(db);
  if (!listing) return;
  const [existing] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(eq(messageThreads.businessId, listing.id))
    .limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    for (const demo of demoThreads) {
      const times = demo.messages.map((message) => hoursBefore(now, message.hoursAgo));
      const last = demo.messages.length - 1;
      // Visitor messages after the owner's last answer are the unread ones.
      const unread = demo.messages.length - 1 - demo.messages.map((m) => m.sender).lastIndexOf("owner");
      const [thread] = await tx
        .insert(messageThreads)
        .values({
          businessId: listing.id,
          visitorName: demo.name,
          visitorEmail: demo.email,
          language: demo.language,
          ownerUnread: unread,
          lastMessageAt: times[last],
          createdAt: times[0],
        })
        .returning({ id: messageThreads.id });
      await tx.insert(threadMessages).values(
        demo.messages.map((message, n) => ({
          threadId: thread.id,
          businessId: listing.id,
          sender: message.sender,
          body: message.body,
          createdAt: times[n],
        })),
      );
    }
  });
}
