import { eq, sql } from "drizzle-orm";
import { indexDiscussion } from "#app/features/community/indexing.server";
import { forumCategories, forumDiscussions, forumReplies } from "#app/features/community/schema";
import type { Db } from "#app/lib/db.server";

// The forum's categories and a few demo threads, marked is_demo and shown with a
// "Demo content" badge: invented neighbours, never presented as real people's posts.

export const forumCategorySeed = [
  {
    slug: "general",
    nameEn: "General",
    nameEs: "General",
    descriptionEn: "Anything about life in Flamingo, Potrero, Brasilito and Surfside that doesn't fit elsewhere.",
    descriptionEs: "Todo sobre la vida en Flamingo, Potrero, Brasilito y Surfside que no calce en otra categoría.",
  },
  {
    slug: "recommendations",
    nameEn: "Recommendations",
    nameEs: "Recomendaciones",
    descriptionEn: "Who do you trust? Plumbers, vets, mechanics, restaurants, tour guides.",
    descriptionEs: "¿En quién confía? Fontaneros, veterinarios, mecánicos, restaurantes y guías turísticos.",
  },
  {
    slug: "housing",
    nameEn: "Housing",
    nameEs: "Vivienda",
    descriptionEn: "Renting, house-sitting, utilities, internet and living with the rainy season.",
    descriptionEs: "Alquileres, cuido de casas, servicios públicos, internet y la vida en época lluviosa.",
  },
  {
    slug: "for-sale-wanted",
    nameEn: "For sale & wanted",
    nameEs: "Se vende y se busca",
    descriptionEn: "Quick pointers to things for sale or wanted: surfboards, furniture, cars. Keep it short and local.",
    descriptionEs: "Avisos breves de cosas que se venden o se buscan: tablas, muebles, carros. Corto y local.",
  },
  {
    slug: "events",
    nameEn: "Events",
    nameEs: "Eventos",
    descriptionEn: "Beach clean-ups, live music, markets, school fundraisers and what's on this week.",
    descriptionEs: "Limpiezas de playa, música en vivo, ferias, actividades escolares y lo que pasa esta semana.",
  },
  {
    slug: "expats-residency",
    nameEn: "Expats & residency",
    nameEs: "Extranjeros y residencia",
    descriptionEn: "Migración, residency categories, Caja, driving licences and banking, shared by people who did it.",
    descriptionEs:
      "Migración, categorías de residencia, la Caja, licencias y bancos, contado por quienes ya lo hicieron.",
  },
  {
    slug: "surf-beach",
    nameEn: "Surf & beach",
    nameEs: "Surf y playa",
    descriptionEn: "Swell, tides, rips, boat trips and the best spot for sunset.",
    descriptionEs: "Olas, mareas, corrientes, paseos en bote y el mejor lugar para ver el atardecer.",
  },
  {
    slug: "lost-found",
    nameEn: "Lost & found",
    nameEs: "Perdidos y encontrados",
    descriptionEn: "Lost pets, keys and phones, and things found on the beach.",
    descriptionEs: "Mascotas, llaves y celulares perdidos, y cosas encontradas en la playa.",
  },
];

interface DemoReply {
  author: string;
  language: "en" | "es";
  body: string;
  quotes?: "post" | number;
  hoursAfter: number;
}

interface DemoThread {
  category: string;
  author: string;
  language: "en" | "es";
  title: string;
  body: string;
  daysAgo: number;
  pinned?: boolean;
  replies: DemoReply[];
}

const demoThreads: DemoThread[] = [
  {
    category: "general",
    author: "Playa Hub team (demo)",
    language: "en",
    title: "Welcome to the Playa Hub forums — read this first",
    body: "This is a **demo thread** to show how the forums work.\n\nA few house rules:\n\n- Be kind. We're neighbours.\n- Post in English or Spanish; tell us which one you wrote in.\n- Recommendations are welcome, advertising is not.\n\nSee the [community guidelines](/guidelines) for the rest.",
    daysAgo: 12,
    pinned: true,
    replies: [
      {
        author: "Lucía M. (demo)",
        language: "es",
        body: "¡Qué bueno tener un foro del pueblo! Ya era hora de salir de los grupos de WhatsApp para las preguntas de siempre.",
        quotes: "post",
        hoursAfter: 5,
      },
    ],
  },
  {
    category: "recommendations",
    author: "Mark T. (demo)",
    language: "en",
    title: "Reliable AC repair in Flamingo?",
    body: "Our split unit started dripping inside after the first big rains. Does anyone have a technician they trust who comes out to Flamingo? Bonus points if they speak some English.",
    daysAgo: 6,
    replies: [
      {
        author: "Carlos R. (demo)",
        language: "es",
        body: "Nosotros usamos un técnico de Huacas desde hace años. Puntual y cobra justo. Casi siempre es el drenaje tapado por el polvo de la época seca.",
        hoursAfter: 3,
      },
      {
        author: "Mark T. (demo)",
        language: "en",
        body: "Thanks Carlos, the drain it was! Cleared it with a wet-dry vac and it's been fine since.",
        quotes: 0,
        hoursAfter: 30,
      },
    ],
  },
  {
    category: "surf-beach",
    author: "Diego S. (demo)",
    language: "es",
    title: "¿Cómo está Playa Grande con la marea alta esta semana?",
    body: "Voy con mis hijos el sábado. ¿Alguien sabe si las corrientes han estado fuertes con la marea alta? La última vez había bandera roja en la parte norte.",
    daysAgo: 3,
    replies: [
      {
        author: "Sarah K. (demo)",
        language: "en",
        body: "Was there Thursday morning: small and clean at low tide, but the rip by the estuary mouth was pulling hard as the tide came in. Stay in front of the lifeguard tower with the kids.",
        hoursAfter: 8,
      },
    ],
  },
  {
    category: "expats-residency",
    author: "Anna B. (demo)",
    language: "en",
    title: "Renewing residency: how long did your appointment take?",
    body: "My *rentista* renewal is due in March. For those who renewed recently: how far ahead did you book the Migración appointment, and did you need the Caja letter again?",
    daysAgo: 9,
    replies: [
      {
        author: "Jorge P. (demo)",
        language: "es",
        body: "Yo saqué la cita con dos meses de anticipación y sí me pidieron la constancia de la Caja al día. Lleve copias de todo, por si acaso.",
        hoursAfter: 20,
      },
    ],
  },
  {
    category: "lost-found",
    author: "María F. (demo)",
    language: "es",
    title: "Perrita perdida cerca del puerto de Flamingo",
    body: "Se llama Canela, es café claro, mediana, con collar rojo. Se asustó con la pólvora el domingo. Si la ven, por favor avisen aquí. ¡Gracias!",
    daysAgo: 1,
    replies: [],
  },
  {
    category: "events",
    author: "Beach clean-up crew (demo)",
    language: "en",
    title: "Monthly beach clean-up at Brasilito, first Saturday 7 am",
    body: "We meet at the soccer field at 7:00 and finish around 9:00. Gloves and bags provided; bring water and a hat. Kids welcome with an adult.",
    daysAgo: 4,
    replies: [
      {
        author: "Lucía M. (demo)",
        language: "es",
        body: "¡Ahí estaremos! ¿Se puede llevar el reciclaje al centro de acopio después?",
        hoursAfter: 6,
      },
    ],
  },
];

export async function seedCommunity(db: Db) {
  for (const [index, category] of forumCategorySeed.entries()) {
    await db
      .insert(forumCategories)
      .values({ ...category, position: (index + 1) * 10 })
      .onConflictDoNothing({ target: forumCategories.slug });
  }
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(forumDiscussions)
    .where(eq(forumDiscussions.isDemo, true));
  if (Number(existing?.n ?? 0) > 0) return;
  const categories = new Map(
    (await db.select({ id: forumCategories.id, slug: forumCategories.slug }).from(forumCategories)).map((row) => [
      row.slug,
      row.id,
    ]),
  );
  const now = Date.now();
  for (const thread of demoThreads) {
    const categoryId = categories.get(thread.category);
    if (!categoryId) continue;
    const createdAt = new Date(now - thread.daysAgo * 86_400_000);
    const lastReply = thread.replies.at(-1);
    const [row] = await db
      .insert(forumDiscussions)
      .values({
        categoryId,
        demoAuthorName: thread.author,
        title: thread.title,
        body: thread.body,
        language: thread.language,
        pinned: thread.pinned ?? false,
        replyCount: thread.replies.length,
        lastActivityAt: lastReply ? new Date(createdAt.getTime() + lastReply.hoursAfter * 3_600_000) : createdAt,
        isDemo: true,
        createdAt,
      })
      .returning({ id: forumDiscussions.id });
    const replyIds: string[] = [];
    for (const reply of thread.replies) {
      const [saved] = await db
        .insert(forumReplies)
        .values({
          discussionId: row.id,
          demoAuthorName: reply.author,
          body: reply.body,
          language: reply.language,
          quotesPost: reply.quotes === "post",
          quotedReplyId: typeof reply.quotes === "number" ? replyIds[reply.quotes] : null,
          isDemo: true,
          createdAt: new Date(createdAt.getTime() + reply.hoursAfter * 3_600_000),
        })
        .returning({ id: forumReplies.id });
      replyIds.push(saved.id);
    }
    await indexDiscussion(row.id, db);
  }
}
