import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const puraVida: GuideSeed = {
  slug: "pura-vida",
  title: { en: "Pura Vida: local culture", es: "Pura vida: cultura local" },
  summary: {
    en: "Greetings and phrases with pronunciation, customs, tipping and the service charge, tico time, wildlife etiquette, beach safety and respecting the community.",
    es: "Saludos y frases, costumbres, propinas y el cargo por servicio, la hora tica, cómo comportarse con la fauna, seguridad en la playa y respeto por la comunidad.",
  },
  intro: {
    en: '"Pura vida" means "pure life", and Costa Ricans (ticos and ticas) use it for hello, goodbye, thank you and "all good". It also describes a way of living: unhurried, friendly and proud of nature. Here is how to fit in around Playa Flamingo, in the canton of Santa Cruz, Guanacaste\'s "folkloric city".',
    es: 'Pura vida sirve para saludar, despedirse, dar las gracias y decir que todo está bien. También describe una forma de vivir: sin prisa, amable y orgullosa de la naturaleza. Esta guía cuenta las costumbres de la zona de Playa Flamingo, en el cantón de Santa Cruz, la "ciudad folclórica" de Costa Rica, para visitantes de otros países de habla hispana y para cualquiera que quiera conocerlas.',
  },
  sections: [
    {
      anchor: "greetings",
      title: { en: "Greetings and everyday phrases", es: "Saludos y frases de todos los días" },
      body: {
        en: `Greet people when you walk into a shop, a bus or a waiting room: a simple **"¡Buenas!"** goes a long way. Costa Ricans often use the polite **usted** even with friends and family.

| Say | Pronounced | Means |
|---|---|---|
| ¡Pura vida! | POO-rah VEE-dah | Hello / thanks / all good |
| ¡Buenas! | BWEH-nahs | Hi (any time of day) |
| Con gusto | kohn GOOS-toh | You're welcome (literally "with pleasure") |
| ¡Upe! | OO-peh | "Anyone home?", called at a gate instead of knocking |
| Con permiso | kohn pehr-MEE-soh | Excuse me (to pass, or to leave) |
| ¿Diay? | dee-EYE | So? / Well? / What's up? |
| Tuanis | TWAH-nees | Cool, great |
| Mae | MAH-eh | Dude, mate (informal, among friends) |
| Por dicha | pohr DEE-chah | Luckily, thank goodness |
| ¡Qué chiva! | keh CHEE-vah | How cool! |
| Ahorita | ah-oh-REE-tah | "In a moment", which can mean now or later |

At a **soda** (a small family restaurant) order a **casado**: rice, beans, salad, plantain and a meat or fish. Breakfast is **gallo pinto**, rice and beans fried together. Guanacaste's corn dishes (rosquillas, tanelas, chorreadas) are worth trying.`,
        es: `Salude al entrar a una tienda, un bus o una sala de espera: un **"¡Buenas!"** abre muchas puertas. En Costa Rica se usa mucho el **usted**, incluso con amigos y familia.

Palabras que un visitante de otro país hispano va a escuchar:

- **Pura vida**: hola, gracias, todo bien.
- **Con gusto**: la respuesta a "gracias".
- **¡Upe!**: se dice en el portón de una casa para avisar que uno llegó, en vez de tocar.
- **Diay**: "¿y entonces?", "bueno…".
- **Tuanis** y **qué chiva**: qué bien, qué bueno.
- **Mae**: amigo, compa (informal).
- **Por dicha**: por suerte, gracias a Dios.
- **Brete**: trabajo. **Chunche**: cualquier cosa. **Rojo**: un billete de mil colones.
- **Ahorita**: en un rato, que puede ser ya o más tarde.

En una **soda** (restaurante familiar pequeño) pida un **casado**: arroz, frijoles, ensalada, plátano y una carne o pescado. El desayuno típico es el **gallo pinto**. No deje de probar las comidas de maíz de Guanacaste: rosquillas, tanelas y chorreadas.`,
      },
    },
    {
      anchor: "customs",
      title: { en: "Customs", es: "Costumbres" },
      body: {
        en: `- **Politeness is indirect.** A straight "no" is rare; "vamos a ver" (we'll see) or a vague "ahorita" often means no. Raising your voice gets you less, not more.
- **Dress**: swimwear is for the beach. In town, supermarkets and restaurants, wear a shirt.
- **Family comes first**, and Sundays and holidays are for family. Many businesses close on Holy Thursday and Good Friday.
- **Guanacaste's own day** is **25 July**, the Annexation of the Partido de Nicoya (1824), a national holiday celebrated here with parades, marimba music, folk dances and the **bomba**, a short rhyming verse shouted in the middle of a dance. Santa Cruz holds traditional fiestas with rodeo-style bull riding ("corridas a la tica", where the bull is not killed).`,
        es: `- **La cortesía es indirecta.** Un "no" directo es raro; un "vamos a ver" o un "ahorita" vago muchas veces quiere decir que no. Alzar la voz consigue menos, no más.
- **Vestimenta**: el traje de baño es para la playa. En el pueblo, el supermercado y los restaurantes se usa camisa.
- **La familia es primero**, y los domingos y feriados son para la familia. Muchos negocios cierran el Jueves y el Viernes Santo.
- **El día de Guanacaste** es el **25 de julio**, la Anexión del Partido de Nicoya (1824), feriado nacional que aquí se celebra con desfiles, marimba, bailes folclóricos y la **bomba**, unos versos que se gritan en medio del baile. Santa Cruz celebra fiestas tradicionales con corridas de toros a la tica, donde al toro no se le mata.`,
      },
    },
    {
      anchor: "tipping",
      title: { en: "Tipping and the service charge", es: "Propinas y el cargo por servicio" },
      body: {
        en: `Restaurant bills add a **10% service charge** (servicio), which goes to the staff, and the **13% value added tax** (IVA). Menus should say whether their prices include both; check before you order and read the bill. An extra tip is not expected after the service charge, but leaving a little more for great service is always appreciated.

Tipping is customary for tour guides, drivers of shuttles and private transfers, boat crews and hotel housekeeping. Taxi drivers don't expect one. At petrol stations attendants fill the tank; a tip is optional.`,
        es: `En los restaurantes la cuenta suma un **10% de servicio**, que es para el personal, y el **13% de IVA**. El menú debe indicar si los precios ya los incluyen; revíselo antes de pedir y lea la cuenta. Después del servicio no se espera propina extra, pero dejar algo más por una atención excelente siempre se agradece.

Es costumbre dar propina a guías turísticos, choferes de shuttles y traslados privados, tripulaciones de botes y personal de limpieza del hotel. A los taxistas no se les suele dar. En la gasolinera le echan el combustible; la propina es opcional.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ict],
    },
    {
      anchor: "tico-time",
      title: { en: '"Tico time"', es: "La hora tica" },
      body: {
        en: `Social plans are relaxed: arriving half an hour after a party starts is normal, and a tradesperson who says "mañana" may mean later this week. Plan for it, confirm the day before by WhatsApp, and keep your patience; it pays back.

Buses, flights, tours, medical appointments and government offices **do** run on time, and queues at banks and offices can be long: bring your documents, a copy of each, and something to read.`,
        es: `Los planes sociales son relajados: llegar media hora después de que empieza una fiesta es normal, y un técnico que dice "mañana" puede querer decir "esta semana". Prevéalo, confirme el día anterior por WhatsApp y tenga paciencia, que se devuelve.

Los buses, vuelos, tours, citas médicas y oficinas públicas **sí** son puntuales, y las filas en bancos y oficinas pueden ser largas: lleve sus documentos, una copia de cada uno y algo para leer.`,
      },
    },
    {
      anchor: "environment",
      title: { en: "Nature and wildlife etiquette", es: "La naturaleza y la fauna" },
      body: {
        en: `About a quarter of Costa Rica is protected, and people here are proud of it.

- **Don't feed or touch wild animals**, including the howler and white-faced monkeys and the coatis that visit gardens and beaches: it makes them sick and aggressive. Keep your distance and keep food out of reach.
- **Sea turtles** nest on Guanacaste beaches. Nearby Playa Grande is part of the Las Baulas national marine park, where leatherbacks nest; visits at night are only with a certified guide. On any beach at night, keep lights off, don't use a flash and never touch a nesting turtle or hatchlings.
- **Crocodiles** live in the rivers and estuaries: don't swim in river mouths, especially at dusk.
- **Leave shells, sand and plants where they are.** Playa Conchal's beach is made of tiny shells.
- **Driving on beaches is illegal.**
- Take your rubbish home, refuse single-use plastic, and use mineral sunscreen in the sea.
- Flying a drone in a national park needs a permit from SINAC.`,
        es: `Cerca de una cuarta parte de Costa Rica está protegida, y aquí se vive con orgullo.

- **No alimente ni toque a los animales silvestres**, tampoco a los monos congo y carablanca ni a los pizotes que visitan jardines y playas: se enferman y se vuelven agresivos. Mantenga la distancia y guarde la comida.
- **Las tortugas marinas** anidan en las playas de Guanacaste. La cercana Playa Grande es parte del Parque Nacional Marino Las Baulas, donde anida la tortuga baula; de noche solo se visita con un guía certificado. En cualquier playa de noche, no use luces ni flash y nunca toque una tortuga anidando ni a las tortuguitas.
- **Los cocodrilos** viven en ríos y esteros: no se meta al agua en las desembocaduras, sobre todo al atardecer.
- **Deje las conchas, la arena y las plantas donde están.** La playa de Conchal está hecha de conchitas.
- **Manejar en la playa es ilegal.**
- Llévese su basura, rechace los plásticos de un solo uso y use bloqueador mineral en el mar.
- Volar un dron en un parque nacional requiere permiso del SINAC.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.sinac],
    },
    {
      anchor: "beach-safety",
      title: { en: "Beach safety and rip currents", es: "Seguridad en la playa y corrientes de resaca" },
      body: {
        en: `Most beaches here have **no lifeguards**, and even calm bays like Flamingo and Potrero can have currents near the rocky points and when the swell is big.

**Rip currents** are narrow channels of water running out to sea. Look for a calmer gap between breaking waves, darker or churned-up water, or foam and debris moving out. If one catches you:

1. **Don't fight it.** Rips pull you out, not under.
2. Float, keep calm and raise an arm to signal for help.
3. Swim **parallel to the shore** until you are out of the pull, then back in at an angle.

Also: don't swim alone, after drinking or at night; shuffle your feet where stingrays rest in shallow sand; stay out of river mouths; and ask locals about the day's conditions. The [beach report](/beach-report) has tides and recent conditions. In an emergency, call [911](tel:911).`,
        es: `La mayoría de las playas de la zona **no tienen salvavidas**, e incluso bahías tranquilas como Flamingo y Potrero pueden tener corrientes cerca de las puntas rocosas y cuando entra oleaje grande.

Las **corrientes de resaca** son canales angostos de agua que corren mar adentro. Fíjese en un espacio más calmo entre las olas que revientan, agua más oscura o revuelta, o espuma y basurita que se mueven hacia afuera. Si una lo atrapa:

1. **No luche contra ella.** La corriente lo aleja, no lo hunde.
2. Flote, mantenga la calma y levante un brazo para pedir ayuda.
3. Nade **paralelo a la orilla** hasta salir de la corriente y luego vuelva en diagonal.

Además: no se bañe solo, después de tomar ni de noche; arrastre los pies donde descansan las rayas en la arena bajita; no se meta en las desembocaduras de los ríos; y pregunte a la gente del lugar cómo está el mar ese día. El [informe de playas](/beach-report) tiene mareas y condiciones recientes. En una emergencia, llame al [911](tel:911).`,
      },
    },
    {
      anchor: "community",
      title: { en: "Respecting the community", es: "Respeto por la comunidad" },
      body: {
        en: `- **Beaches are public.** By law the first 50 metres above high tide belong to everyone, and access to the beach may not be blocked. Respect the private land beyond it.
- **Noise**: many neighbours are families who get up early. Keep music down at night; parties in residential areas lead to complaints and fines.
- **Drive slowly through the villages**: children, dogs, horses and cyclists share the road.
- **Rubbish** goes out on collection day only, in closed bags off the ground.
- **Ask before photographing people**, especially children.
- **Buy local**: sodas, markets, fishermen and small shops keep the community alive. Learning a few words of Spanish is the best respect you can show.
- Drugs are illegal in Costa Rica, and so is buying wildlife or products made from it.`,
        es: `- **Las playas son públicas.** Por ley, los primeros 50 metros desde la pleamar son de todos, y no se puede impedir el acceso a la playa. Respete la propiedad privada que sigue después.
- **Ruido**: muchos vecinos son familias que madrugan. Baje la música de noche; las fiestas en zonas residenciales terminan en quejas y multas.
- **Maneje despacio en los pueblos**: niños, perros, caballos y ciclistas comparten la calle.
- **La basura** se saca solo el día de recolección, en bolsas cerradas y en alto.
- **Pida permiso antes de tomar fotos a las personas**, sobre todo a niños.
- **Compre local**: las sodas, ferias, pescadores y pulperías mantienen viva la comunidad.
- Las drogas son ilegales en Costa Rica, y también comprar animales silvestres o productos hechos con ellos.`,
      },
    },
  ],
};
