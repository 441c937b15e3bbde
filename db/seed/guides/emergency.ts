import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const emergency: GuideSeed = {
  slug: "emergency",
  title: { en: "Emergency contacts", es: "Contactos de emergencia" },
  summary: {
    en: "Call 911 for police, ambulance, fire or the coast guard. The numbers, the nearest hospitals and what to say in Spanish.",
    es: "Llame al 911 para policía, ambulancia, bomberos o guardacostas. Los números, los hospitales más cercanos y qué decir.",
  },
  intro: {
    en: "**In any emergency, call [911](tel:911).** It is free from any phone, including a mobile with no credit, and the operator sends the police, an ambulance, the fire brigade or the coast guard. This page keeps working without a connection once you have opened it.",
    es: "**En cualquier emergencia, llame al [911](tel:911).** Es gratis desde cualquier teléfono, incluso un celular sin saldo, y la persona operadora envía a la policía, una ambulancia, los bomberos o el guardacostas. Esta página sigue funcionando sin conexión una vez que la haya abierto.",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.emergencies911, sources.bomberos, sources.cruzRoja, sources.ccss],
  contacts: [
    {
      id: "emergency-911",
      groupKey: "emergency",
      name: { en: "Emergencies (all services)", es: "Emergencias (todos los servicios)" },
      description: {
        en: "Police, ambulance, fire and coast guard, 24 hours. Free from any phone. Say where you are first.",
        es: "Policía, ambulancia, bomberos y guardacostas, las 24 horas. Gratis desde cualquier teléfono. Diga primero dónde está.",
      },
      phone: "911",
      lastVerifiedOn: reviewedOn,
      source: sources.emergencies911,
    },
    {
      id: "fire-118",
      groupKey: "emergency",
      name: { en: "Fire brigade (Bomberos)", es: "Bomberos" },
      description: {
        en: "Fires, gas leaks, rescues and hazardous materials. 911 reaches them too.",
        es: "Incendios, fugas de gas, rescates y materiales peligrosos. El 911 también los contacta.",
      },
      phone: "118",
      lastVerifiedOn: reviewedOn,
      source: sources.bomberos,
    },
    {
      id: "red-cross-128",
      groupKey: "emergency",
      name: { en: "Red Cross ambulance (Cruz Roja)", es: "Ambulancia de la Cruz Roja" },
      description: {
        en: "Ambulances and rescue, including water rescue. 911 reaches them too.",
        es: "Ambulancias y rescate, también acuático. El 911 también los contacta.",
      },
      phone: "128",
      lastVerifiedOn: reviewedOn,
      source: sources.cruzRoja,
    },
    {
      id: "poison-control",
      groupKey: "emergency",
      name: {
        en: "Poison control (Centro Nacional de Control de Intoxicaciones)",
        es: "Centro Nacional de Control de Intoxicaciones",
      },
      description: {
        en: "24-hour advice when someone has swallowed or touched something toxic: medicines, cleaning products, pesticides, bites and stings. At the Hospital Nacional de Niños, San José. If the person is unconscious or not breathing, call 911.",
        es: "Consejo las 24 horas cuando alguien tragó o tocó algo tóxico: medicamentos, productos de limpieza, plaguicidas, mordeduras y picaduras. En el Hospital Nacional de Niños, San José. Si la persona está inconsciente o no respira, llame al 911.",
      },
      phone: "2223-1028",
      place: { en: "San José (by phone)", es: "San José (por teléfono)" },
      lastVerifiedOn: reviewedOn,
      source: sources.ccss,
    },
    {
      id: "oij-confidential",
      groupKey: "police",
      name: { en: "OIJ confidential information line", es: "Centro de Información Confidencial del OIJ" },
      description: {
        en: "The judicial investigation police (OIJ) take anonymous tips about crimes, 24 hours, free. Not for emergencies: for a crime happening now, call 911.",
        es: "La policía judicial (OIJ) recibe información anónima sobre delitos, las 24 horas, gratis. No es para emergencias: si el delito está ocurriendo, llame al 911.",
      },
      phone: "800-8000-645",
      lastVerifiedOn: reviewedOn,
      source: sources.oij,
    },
    {
      id: "coast-guard",
      groupKey: "police",
      name: { en: "Coast guard (Servicio Nacional de Guardacostas)", es: "Servicio Nacional de Guardacostas" },
      description: {
        en: "Emergencies at sea, boats in trouble and people missing in the water: call 911, which dispatches the coast guard and the Red Cross water rescue.",
        es: "Emergencias en el mar, embarcaciones en problemas y personas desaparecidas en el agua: llame al 911, que activa al guardacostas y al rescate acuático de la Cruz Roja.",
      },
      lastVerifiedOn: reviewedOn,
      source: sources.seguridadPublica,
    },
    {
      id: "police-fuerza-publica",
      groupKey: "police",
      name: { en: "Police (Fuerza Pública)", es: "Fuerza Pública" },
      description: {
        en: "The uniformed police patrol the beach towns. For anything urgent call 911. To report a theft after the fact (for insurance, for example) file a complaint (denuncia) with the OIJ.",
        es: "La policía uniformada patrulla los pueblos de playa. Para algo urgente llame al 911. Para denunciar un robo después de ocurrido (por ejemplo, para el seguro) ponga la denuncia ante el OIJ.",
      },
      lastVerifiedOn: reviewedOn,
      source: sources.seguridadPublica,
    },
  ],
  sections: [
    {
      anchor: "what-to-say",
      title: { en: "What to say on the phone", es: "Qué decir por teléfono" },
      body: {
        en: `Stay calm, and say **where you are** first: the province (Guanacaste), the canton (Santa Cruz), the community (Playa Flamingo, Potrero, Brasilito…) and a landmark. Costa Rican addresses are given from landmarks ("200 metres north of the soccer field"), so name the nearest hotel, supermarket, church or beach entrance. Then say what happened and how many people are hurt. Stay on the line until the operator ends the call.

If you don't speak Spanish, say **"English, please"** and keep going slowly; if no English speaker is free at once, these phrases help:

| Say | Pronounced | Means |
|---|---|---|
| Necesito una ambulancia. | neh-seh-SEE-toh OO-nah ahm-boo-LAHN-see-ah | I need an ambulance. |
| Hay un incendio. | eye oon een-SEN-dee-oh | There is a fire. |
| Alguien se está ahogando. | AHL-gyen seh ehs-TAH ah-oh-GAHN-doh | Someone is drowning. |
| No respira. | noh rehs-PEE-rah | He / she isn't breathing. |
| Está inconsciente. | ehs-TAH een-kohn-see-EN-teh | He / she is unconscious. |
| Hubo un accidente de tránsito. | OO-boh oon ahk-see-DEN-teh deh TRAHN-see-toh | There has been a traffic accident. |
| Me robaron. | meh roh-BAH-rohn | I have been robbed. |
| Estoy en Playa Flamingo, frente a… | ehs-TOY en PLAH-yah flah-MEEN-goh, FREN-teh ah | I'm in Playa Flamingo, in front of… |
| Mi número es… | mee NOO-meh-roh ehs | My number is… |

While you wait: send someone to the main road to wave the ambulance in, turn on the outside lights at night, and share your location from your phone's map with whoever is coming.`,
        es: `Mantenga la calma y diga primero **dónde está**: la provincia (Guanacaste), el cantón (Santa Cruz), la comunidad (Playa Flamingo, Potrero, Brasilito…) y una referencia. Las direcciones se dan con puntos de referencia ("200 metros al norte de la plaza"), así que mencione el hotel, supermercado, iglesia o entrada a la playa más cercana. Después explique qué pasó y cuántas personas están heridas. No cuelgue hasta que la persona operadora termine la llamada.

Si acompaña a visitantes que no hablan español, usted puede hablar por ellos. Frases que conviene tener claras:

- "Necesito una ambulancia en Playa Flamingo, frente a…"
- "Hay una persona que no respira" o "está inconsciente".
- "Alguien se está ahogando en la playa, cerca de…"
- "Hubo un accidente de tránsito en la carretera a Huacas."

Mientras espera: mande a alguien a la calle principal para guiar a la ambulancia, encienda las luces de afuera si es de noche y comparta su ubicación desde el mapa del teléfono con quien viene.`,
      },
    },
    {
      anchor: "at-the-beach",
      title: { en: "Emergencies at the beach and at sea", es: "Emergencias en la playa y en el mar" },
      body: {
        en: `Most beaches here have **no lifeguards**. If someone is caught in a current, call 911 at once and keep your eyes on the person; throw something that floats (a board, a cooler, a life ring) rather than swimming out yourself unless you are trained. Read how rip currents work on the [Pura Vida guide](/pura-vida#beach-safety).

For a boat in trouble or someone missing at sea, 911 dispatches the coast guard and the Red Cross water rescue; give the boat's name, colour and last known position.`,
        es: `La mayoría de las playas de la zona **no tienen salvavidas**. Si alguien queda atrapado en una corriente, llame de inmediato al 911 y no le quite los ojos de encima; tírele algo que flote (una tabla, una hielera, un salvavidas) en lugar de nadar hacia la persona, salvo que usted tenga entrenamiento. Lea cómo funcionan las corrientes de resaca en la [guía Pura Vida](/pura-vida#beach-safety).

Si una embarcación tiene problemas o alguien desaparece en el mar, el 911 activa al guardacostas y al rescate acuático de la Cruz Roja; dé el nombre de la embarcación, su color y la última posición conocida.`,
      },
    },
    {
      anchor: "hospitals",
      title: { en: "Where emergencies are treated", es: "Dónde se atienden las emergencias" },
      body: {
        en: `An ambulance called through 911 takes the patient to the right public hospital. The public (CCSS) hospitals nearest to the beaches are the **Hospital Dr. Enrique Baltodano Briceño in Liberia** (about an hour by road) and the **Hospital de la Anexión in Nicoya**. Public emergency rooms treat anyone in an emergency; people without CCSS insurance may be billed afterwards.

Private clinics with doctors on call operate in the beach towns and private hospitals in Liberia; look for them [in the directory under health](/directory?category=health), and check their hours before you need them. More on the [healthcare page](/healthcare).`,
        es: `Una ambulancia llamada por el 911 lleva al paciente al hospital público que corresponde. Los hospitales públicos (CCSS) más cercanos a las playas son el **Hospital Dr. Enrique Baltodano Briceño, en Liberia** (a una hora por carretera, aproximadamente) y el **Hospital de la Anexión, en Nicoya**. Las emergencias de los hospitales públicos atienden a cualquier persona en una emergencia; quienes no están asegurados en la CCSS pueden recibir después el cobro.

En los pueblos de playa hay clínicas privadas con médicos de turno, y en Liberia hay hospitales privados; búsquelos en el [directorio, en salud](/directory?category=health), y revise sus horarios antes de necesitarlos. Más información en la [página de salud](/healthcare).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ccss],
    },
    {
      anchor: "be-ready",
      title: { en: "Be ready before you need it", es: "Esté listo antes de necesitarlo" },
      body: {
        en: `- Save **911** and the numbers on this page in your phone, and open this page once so it works offline.
- Know your address the local way: community, landmark and distance ("Potrero, 150 m east of the school, white house with a green gate").
- Keep a copy of your passport or DIMEX, your insurance card and a list of your medicines and allergies.
- In the rainy season, rivers and roads can flood in minutes: don't cross running water by car or on foot.
- Earthquakes happen in Guanacaste: drop, cover and hold on; if the shaking was long or strong, move away from the shore to higher ground straight away, and follow the official instructions of the Comisión Nacional de Emergencias (CNE).`,
        es: `- Guarde el **911** y los números de esta página en su teléfono, y abra esta página una vez para que funcione sin conexión.
- Sepa dar su dirección a la tica: comunidad, punto de referencia y distancia ("Potrero, 150 m este de la escuela, casa blanca con portón verde").
- Tenga una copia de su pasaporte o DIMEX, su carné de seguro y una lista de sus medicamentos y alergias.
- En la época lluviosa, los ríos y caminos se pueden inundar en minutos: no cruce corrientes de agua en carro ni a pie.
- En Guanacaste tiembla: agáchese, cúbrase y sujétese; si el temblor fue largo o fuerte, aléjese de inmediato de la costa hacia un lugar alto, y siga las instrucciones oficiales de la Comisión Nacional de Emergencias (CNE).`,
      },
    },
  ],
};
