import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const transportation: GuideSeed = {
  slug: "transportation",
  title: { en: "Transportation", es: "Transporte" },
  summary: {
    en: "Getting here and getting around: the Liberia and San José airports, buses, shuttles, taxis, car rental and what the roads are like.",
    es: "Cómo llegar y cómo moverse: los aeropuertos de Liberia y San José, buses, shuttles, taxis, alquiler de carros y cómo son las carreteras.",
  },
  intro: {
    en: "The beaches are about an hour from Liberia's international airport. Once here, most people drive, but buses, shuttles and taxis cover the main trips. Timetables and fares change: confirm them with the operator before you travel.",
    es: "Las playas están a una hora del aeropuerto internacional de Liberia, aproximadamente. Ya aquí, la mayoría de la gente anda en carro, pero los buses, shuttles y taxis cubren los viajes principales. Los horarios y tarifas cambian: confírmelos con la empresa antes de viajar.",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.ctp, sources.mopt, sources.cosevi],
  contacts: [
    {
      id: "airport-lir",
      groupKey: "transport",
      name: {
        en: "Daniel Oduber Quirós International Airport (LIR)",
        es: "Aeropuerto Internacional Daniel Oduber Quirós (LIR)",
      },
      description: {
        en: "Guanacaste's international airport, the closest to the beaches: about an hour by road (around 65 km).",
        es: "El aeropuerto internacional de Guanacaste y el más cercano a las playas: a una hora por carretera (unos 65 km), aproximadamente.",
      },
      place: { en: "Liberia", es: "Liberia" },
      lastVerifiedOn: reviewedOn,
    },
    {
      id: "airport-sjo",
      groupKey: "transport",
      name: { en: "Juan Santamaría International Airport (SJO)", es: "Aeropuerto Internacional Juan Santamaría (SJO)" },
      description: {
        en: "The country's main airport, near San José: plan on four and a half to five hours by road to the beaches, longer with traffic.",
        es: "El aeropuerto principal del país, cerca de San José: calcule de cuatro horas y media a cinco por carretera hasta las playas, más con presas.",
      },
      website: "https://www.aeris.cr",
      place: { en: "Alajuela", es: "Alajuela" },
      lastVerifiedOn: reviewedOn,
      source: sources.aeris,
    },
    {
      id: "airstrip-tamarindo",
      groupKey: "transport",
      name: { en: "Tamarindo airstrip (TNO)", es: "Aeródromo de Tamarindo (TNO)" },
      description: {
        en: "A small domestic airstrip with scheduled and charter flights from San José, about 30 minutes from Flamingo by road.",
        es: "Un aeródromo pequeño con vuelos nacionales regulares y chárter desde San José, a unos 30 minutos de Flamingo por carretera.",
      },
      place: { en: "Tamarindo", es: "Tamarindo" },
      lastVerifiedOn: reviewedOn,
    },
  ],
  sections: [
    {
      anchor: "airports",
      title: { en: "Airports", es: "Aeropuertos" },
      body: {
        en: `Most visitors fly into **Liberia (LIR)**. From there the usual road runs south on Route 21 towards Santa Cruz, then west at Belén through Huacas to the beaches. Flying into **San José (SJO)** often gives more flight choices, but the drive is long: many people break it with a night on the way or take a domestic flight to Liberia or Tamarindo.

Arrange your transfer before you land, especially at night: shuttles, private drivers and car rental desks all need notice in the high season.`,
        es: `La mayoría de los visitantes llega a **Liberia (LIR)**. Desde ahí la ruta usual va al sur por la Ruta 21 hacia Santa Cruz y, en Belén, al oeste por Huacas hasta las playas. Llegar a **San José (SJO)** suele dar más opciones de vuelo, pero el viaje por tierra es largo: mucha gente lo parte con una noche en el camino o toma un vuelo nacional a Liberia o Tamarindo.

Coordine su traslado antes de aterrizar, sobre todo de noche: los shuttles, choferes privados y agencias de alquiler necesitan aviso en temporada alta.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.aeris],
    },
    {
      anchor: "buses",
      title: { en: "Buses", es: "Buses" },
      body: {
        en: `Public buses are cheap and connect the beach communities with **Santa Cruz**, where you change for Liberia, Nicoya and the rest of the country, and there are direct services between the beaches and **San José**. Buses stop along the main road; wave to stop one. Fares are paid to the driver, in colones; carry small notes and coins even where cards are accepted.

Timetables change with the season and are rarely posted at the stops: confirm the current one with the bus company, the Consejo de Transporte Público (CTP), or by asking at the bus terminal in Santa Cruz. Sunday and holiday services are fewer.`,
        es: `Los buses públicos son baratos y conectan las comunidades de playa con **Santa Cruz**, donde se hace transbordo a Liberia, Nicoya y el resto del país, y hay servicios directos entre las playas y **San José**. Los buses paran a lo largo de la carretera principal; hágale la parada con la mano. El pasaje se paga al chofer, en colones; lleve billetes pequeños y monedas aunque se acepte tarjeta.

Los horarios cambian según la temporada y casi nunca están en las paradas: confirme el vigente con la empresa de buses, el Consejo de Transporte Público (CTP) o preguntando en la terminal de Santa Cruz. Los domingos y feriados hay menos servicios.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ctp],
    },
    {
      anchor: "shuttles-and-taxis",
      title: { en: "Shuttles and taxis", es: "Shuttles y taxis" },
      body: {
        en: `**Shared and private shuttles** run between the airports, the beach towns and the main tourist destinations (Tamarindo, Arenal, Monteverde…). Book a day or more ahead; [the directory](/directory?q=shuttle) lists local transport companies.

**Official taxis** are red, with a yellow triangle on the front doors and a meter ("la maría"); ask the driver to use it or agree the fare before you set off. Unlicensed taxis ("piratas") are common: they are not insured for passengers. Ride-hailing apps work in some parts of the country, but drivers near the beaches are few, especially late at night.`,
        es: `Los **shuttles compartidos y privados** viajan entre los aeropuertos, los pueblos de playa y los destinos turísticos principales (Tamarindo, Arenal, Monteverde…). Reserve con un día o más de anticipación; en el [directorio](/directory?q=transporte) hay empresas locales de transporte.

Los **taxis oficiales** son rojos, con un triángulo amarillo en las puertas delanteras y taxímetro ("la maría"); pídale al taxista que lo use o acuerden el precio antes de salir. Los taxis informales ("piratas") son comunes: no tienen seguro para los pasajeros. Las aplicaciones de transporte funcionan en algunas partes del país, pero cerca de las playas hay pocos conductores, sobre todo de noche.`,
      },
    },
    {
      anchor: "car-rental",
      title: { en: "Renting a car", es: "Alquiler de carros" },
      body: {
        en: `Rental companies have desks at Liberia airport and offices in the beach area. Things to know before you book:

- **Third-party liability insurance is compulsory** in Costa Rica and is sold by the rental company; the cover that comes with many credit cards does not replace it. Compare total prices, not daily rates.
- Visitors can drive with their valid licence from home while their entry stamp is valid; carry your passport (or a copy of the photo page and the entry stamp) with the licence.
- A **4×4** is worth it in the rainy season and for the dirt roads to some beaches and viewpoints.
- Check the car with the agent and photograph any damage before you leave.`,
        es: `Las empresas de alquiler tienen mostradores en el aeropuerto de Liberia y oficinas en la zona de playas. Antes de reservar, tome en cuenta:

- **El seguro de responsabilidad civil es obligatorio** en Costa Rica y lo vende la empresa de alquiler; la cobertura de muchas tarjetas de crédito no lo sustituye. Compare precios totales, no tarifas por día.
- Los turistas pueden manejar con su licencia vigente de su país mientras esté vigente su sello de entrada; lleve el pasaporte (o una copia de la página de la foto y del sello de entrada) junto con la licencia.
- Un **4×4** vale la pena en la época lluviosa y en los caminos de lastre hacia algunas playas y miradores.
- Revise el carro con el agente y tome fotos de cualquier daño antes de salir.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.cosevi],
    },
    {
      anchor: "driving-conditions",
      title: { en: "Driving conditions", es: "Cómo es manejar aquí" },
      body: {
        en: `The main roads are paved, but expect potholes, no shoulders, cyclists, pedestrians, dogs, horses and cattle on the road, and **one-lane bridges** (the side with the "Ceda el paso" sign gives way). Driving at night is harder: roads are dark and animals cross.

In the rainy season, low crossings flood quickly: never drive through running water. Navigation apps work well here and neighbours share road closures in WhatsApp groups.

Speed limits are posted and enforced by the traffic police (Policía de Tránsito) and radar. Seat belts are compulsory and using a phone while driving is fined. Fines are paid at a bank, never to an officer. Fill up before long trips: attendants pump the fuel for you.`,
        es: `Las carreteras principales están asfaltadas, pero hay huecos, no hay espaldón y en la calle hay ciclistas, peatones, perros, caballos y ganado, además de **puentes de un carril** (cede el paso el lado que tiene la señal de "Ceda el paso"). Manejar de noche es más difícil: las calles son oscuras y los animales cruzan.

En la época lluviosa, los pasos bajos se inundan rápido: nunca pase por donde corre agua. Las aplicaciones de navegación funcionan bien aquí y los vecinos avisan de cierres de carretera en los grupos de WhatsApp.

Los límites de velocidad están rotulados y la Policía de Tránsito los controla, también con radar. El cinturón es obligatorio y usar el celular al manejar tiene multa. Las multas se pagan en el banco, nunca a un oficial. Eche gasolina antes de un viaje largo: en las gasolineras le sirven el combustible.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.cosevi, sources.mopt],
    },
    {
      anchor: "walking-and-cycling",
      title: { en: "Walking and cycling", es: "A pie y en bicicleta" },
      body: {
        en: "There are few sidewalks, so walk facing the traffic and wear something light or reflective after dark; carry a torch. Bicycles are a common way to get around the villages; use lights at night and keep to the edge of the road.",
        es: "Hay pocas aceras, así que camine de frente al tránsito y use algo claro o reflectivo de noche; lleve una linterna. La bicicleta es muy usada para moverse entre pueblos; use luces de noche y vaya por la orilla de la calle.",
      },
    },
  ],
};
