import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const healthcare: GuideSeed = {
  slug: "healthcare",
  title: { en: "Healthcare", es: "Salud" },
  summary: {
    en: "Public care through the CCSS, private clinics and hospitals, pharmacies, and what to bring to an appointment.",
    es: "La atención pública de la CCSS, clínicas y hospitales privados, farmacias y qué llevar a una cita.",
  },
  intro: {
    en: "Costa Rica has a public health system for everyone insured with the Caja (CCSS) and a large private sector alongside it. For an emergency, call [911](tel:911) and see the [emergency page](/emergency).",
    es: "Costa Rica tiene un sistema público de salud para todas las personas aseguradas en la Caja (CCSS) y, a la par, un sector privado grande. En una emergencia llame al [911](tel:911) y vea la [página de emergencias](/emergency).",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.ccss, sources.ministerioSalud],
  contacts: [
    {
      id: "hospital-liberia",
      groupKey: "health",
      name: {
        en: "Hospital Dr. Enrique Baltodano Briceño (CCSS)",
        es: "Hospital Dr. Enrique Baltodano Briceño (CCSS)",
      },
      description: {
        en: "The public regional hospital for Guanacaste, with a 24-hour emergency department. About an hour from the beaches by road.",
        es: "El hospital público regional de Guanacaste, con servicio de emergencias las 24 horas. A una hora de las playas por carretera, aproximadamente.",
      },
      place: { en: "Liberia", es: "Liberia" },
      lastVerifiedOn: reviewedOn,
      source: sources.ccss,
    },
    {
      id: "hospital-nicoya",
      groupKey: "health",
      name: { en: "Hospital de la Anexión (CCSS)", es: "Hospital de la Anexión (CCSS)" },
      description: {
        en: "The public hospital for the Nicoya peninsula, with a 24-hour emergency department.",
        es: "El hospital público de la península de Nicoya, con servicio de emergencias las 24 horas.",
      },
      place: { en: "Nicoya", es: "Nicoya" },
      lastVerifiedOn: reviewedOn,
      source: sources.ccss,
    },
    {
      id: "area-salud-santa-cruz",
      groupKey: "health",
      name: { en: "CCSS health area of Santa Cruz (Área de Salud)", es: "Área de Salud de Santa Cruz (CCSS)" },
      description: {
        en: "Runs the public primary care of the canton: the EBAIS clinics that serve each community. Ask here which EBAIS serves your address.",
        es: "Administra la atención primaria pública del cantón: los EBAIS que atienden a cada comunidad. Pregunte aquí cuál EBAIS le corresponde según su dirección.",
      },
      place: { en: "Santa Cruz", es: "Santa Cruz" },
      lastVerifiedOn: reviewedOn,
      source: sources.ccss,
    },
  ],
  sections: [
    {
      anchor: "public-system",
      title: { en: "The public system: CCSS and EBAIS", es: "El sistema público: CCSS y EBAIS" },
      body: {
        en: `The **Caja Costarricense de Seguro Social (CCSS)**, "la Caja", runs the public clinics and hospitals. Employees, self-employed workers, pensioners and legal residents contribute every month and are covered with their families; enrolment is a condition of residency.

Care starts at your **EBAIS** (Equipo Básico de Atención Integral en Salud), the neighbourhood clinic assigned by address. From there you are referred to the health area's clinic, then to the hospitals in Liberia or Nicoya, and to the national hospitals in San José for specialities. Appointments can be booked at the EBAIS or in the CCSS **EDUS** app, which also holds your records and prescriptions.

Public care is thorough but can involve waiting lists for non-urgent specialists and surgery; many residents combine it with private appointments.`,
        es: `La **Caja Costarricense de Seguro Social (CCSS)**, "la Caja", administra las clínicas y hospitales públicos. Las personas asalariadas, trabajadoras independientes, pensionadas y residentes legales cotizan cada mes y quedan cubiertas junto con su familia; el aseguramiento es requisito para la residencia.

La atención empieza en su **EBAIS** (Equipo Básico de Atención Integral en Salud), la clínica del barrio que le corresponde según su dirección. Desde ahí lo refieren a la clínica del área de salud, después a los hospitales de Liberia o Nicoya, y a los hospitales nacionales en San José para especialidades. Las citas se sacan en el EBAIS o en la aplicación **EDUS** de la CCSS, que también guarda su expediente y sus recetas.

La atención pública es completa, pero puede haber listas de espera para especialistas y cirugías que no son urgentes; muchos residentes la combinan con consultas privadas.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ccss],
    },
    {
      anchor: "private-care",
      title: { en: "Private doctors, clinics and hospitals", es: "Médicos, clínicas y hospitales privados" },
      body: {
        en: `Private general practitioners, dentists, physiotherapists and laboratories work in the beach towns and in Huacas and Santa Cruz, and private hospitals operate in Liberia. Visits are paid on the spot, by card or SINPE Móvil; ask for an itemised invoice (factura electrónica) for your insurer.

Some private hospitals bill international insurers directly and others don't: call your insurer before a planned treatment. Private health insurance is sold in Costa Rica by the INS and by private insurers. Find clinics [in the directory under health](/directory?category=health).`,
        es: `En los pueblos de playa, en Huacas y en Santa Cruz trabajan médicos generales, dentistas, fisioterapeutas y laboratorios privados, y en Liberia hay hospitales privados. Las consultas se pagan en el momento, con tarjeta o SINPE Móvil; pida la factura electrónica detallada para su aseguradora.

Algunos hospitales privados le cobran directamente a las aseguradoras internacionales y otros no: llame a su aseguradora antes de un tratamiento programado. En Costa Rica venden seguros médicos privados el INS y otras aseguradoras. Busque clínicas en el [directorio, en salud](/directory?category=health).`,
      },
    },
    {
      anchor: "pharmacies",
      title: { en: "Pharmacies", es: "Farmacias" },
      body: {
        en: `Pharmacies (farmacias) are easy to find in the beach towns, Huacas and Santa Cruz, and pharmacists are a good first stop for minor problems. Many common medicines are sold without a prescription, but antibiotics and controlled medicines need one from a Costa Rican doctor.

Bring the **generic name** of what you take (brand names differ between countries) and enough for your stay. Insured residents collect prescribed medicines free at the CCSS pharmacy of their clinic.`,
        es: `Hay farmacias en los pueblos de playa, en Huacas y en Santa Cruz, y el farmacéutico es una buena primera consulta para problemas menores. Muchos medicamentos comunes se venden sin receta, pero los antibióticos y los medicamentos controlados necesitan receta de un médico en Costa Rica.

Lleve el **nombre genérico** de lo que toma (las marcas cambian de país a país) y suficiente para su estadía. Las personas aseguradas retiran gratis los medicamentos recetados en la farmacia de la CCSS de su clínica.`,
      },
    },
    {
      anchor: "what-to-bring",
      title: { en: "What to bring to an appointment", es: "Qué llevar a una cita" },
      body: {
        en: `- Your passport, DIMEX or cédula (the CCSS finds your insurance by your ID number).
- Your insurance card or policy number, and how to reach your insurer.
- A list of your medicines (generic names and doses), allergies and past operations.
- Recent test results or reports, on paper or on your phone.
- Card or cash; in private care you pay first and claim later.`,
        es: `- Su pasaporte, DIMEX o cédula (la CCSS encuentra su seguro con su número de identificación).
- El carné o número de póliza de su seguro, y cómo comunicarse con la aseguradora.
- Una lista de sus medicamentos (nombre genérico y dosis), alergias y operaciones anteriores.
- Exámenes o informes recientes, en papel o en el teléfono.
- Tarjeta o efectivo; en la atención privada se paga primero y se reclama después.`,
      },
    },
    {
      anchor: "staying-healthy",
      title: { en: "Staying healthy here", es: "Cómo mantenerse sano aquí" },
      body: {
        en: `- **Sun and heat**: the sun is strong all year; drink water, wear a hat, and avoid the midday hours for hard exercise.
- **Mosquitoes**: dengue is present in Guanacaste, mostly in the rainy season. Use repellent, empty standing water around the house and see a doctor for a high fever with body aches.
- **Tap water** is treated in most supplied areas; if your supply is a well or the water looks cloudy after heavy rain, ask locally or use filtered water.
- **Vaccinations**: travellers arriving from some countries must show a yellow fever certificate; check the Ministerio de Salud's current list before you travel.`,
        es: `- **Sol y calor**: el sol es fuerte todo el año; tome agua, use sombrero y evite el ejercicio fuerte al mediodía.
- **Zancudos**: en Guanacaste hay dengue, sobre todo en la época lluviosa. Use repelente, elimine el agua estancada alrededor de la casa y consulte al médico si tiene fiebre alta con dolor de cuerpo.
- **Agua del tubo**: en la mayoría de las zonas con acueducto es potable; si su agua viene de un pozo o se ve turbia después de un aguacero, pregunte en la comunidad o use agua filtrada.
- **Vacunas**: quienes llegan de algunos países deben presentar el certificado de vacuna contra la fiebre amarilla; revise la lista vigente del Ministerio de Salud antes de viajar.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ministerioSalud],
    },
  ],
};
