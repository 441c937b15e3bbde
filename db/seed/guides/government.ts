import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const government: GuideSeed = {
  slug: "government",
  title: { en: "Local government", es: "Gobierno local" },
  summary: {
    en: "The canton of Santa Cruz and its municipality, the districts, and the public offices residents deal with: property tax, permits, immigration, records and taxes.",
    es: "El cantón de Santa Cruz y su municipalidad, los distritos y las oficinas públicas con las que trata quien vive aquí: impuesto de bienes inmuebles, permisos, migración, registros e impuestos.",
  },
  intro: {
    en: "Costa Rica is divided into provinces, cantons and districts. Playa Flamingo and its neighbouring beaches are in the province of **Guanacaste**, canton of **Santa Cruz**, whose municipality is based in the city of Santa Cruz, about 40 minutes inland by road.",
    es: "Costa Rica se divide en provincias, cantones y distritos. Playa Flamingo y sus playas vecinas están en la provincia de **Guanacaste**, cantón de **Santa Cruz**, cuya municipalidad tiene su sede en la ciudad de Santa Cruz, a unos 40 minutos tierra adentro por carretera.",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.municipalidad, sources.registroNacional],
  contacts: [
    {
      id: "municipalidad-santa-cruz",
      groupKey: "government",
      name: { en: "Municipalidad de Santa Cruz", es: "Municipalidad de Santa Cruz" },
      description: {
        en: "Property tax, business licences (patentes), building permits, rubbish collection and the maritime zone concessions. Confirm opening hours and requirements with its offices before you go.",
        es: "Impuesto de bienes inmuebles, patentes, permisos de construcción, recolección de basura y concesiones en la zona marítimo terrestre. Confirme horarios y requisitos con sus oficinas antes de ir.",
      },
      place: { en: "Santa Cruz", es: "Santa Cruz" },
      lastVerifiedOn: reviewedOn,
      source: sources.municipalidad,
    },
    {
      id: "dgme",
      groupKey: "government",
      name: { en: "Immigration (DGME)", es: "Migración (DGME)" },
      description: {
        en: "Residency applications, DIMEX renewals and entry rules. Appointments and requirements are published on its website.",
        es: "Solicitudes de residencia, renovación del DIMEX y reglas de ingreso. Las citas y los requisitos se publican en su sitio web.",
      },
      website: "https://www.migracion.go.cr",
      lastVerifiedOn: reviewedOn,
      source: sources.migracion,
    },
    {
      id: "registro-nacional",
      groupKey: "government",
      name: { en: "Registro Nacional", es: "Registro Nacional" },
      description: {
        en: "Property, company and vehicle records; many certificates can be ordered online.",
        es: "Registros de propiedades, sociedades y vehículos; muchas certificaciones se piden en línea.",
      },
      website: "https://www.rnpdigital.com",
      lastVerifiedOn: reviewedOn,
      source: sources.registroNacional,
    },
    {
      id: "tse",
      groupKey: "government",
      name: { en: "Civil registry (TSE)", es: "Registro Civil (TSE)" },
      description: {
        en: "Births, marriages and deaths, Costa Rican identity cards and elections.",
        es: "Nacimientos, matrimonios y defunciones, cédulas de identidad y elecciones.",
      },
      website: "https://www.tse.go.cr",
      lastVerifiedOn: reviewedOn,
      source: sources.tse,
    },
    {
      id: "hacienda",
      groupKey: "government",
      name: { en: "Ministry of Finance (Hacienda)", es: "Ministerio de Hacienda" },
      description: {
        en: "Income tax, VAT registration and electronic invoicing for businesses and self-employed people.",
        es: "Impuesto sobre la renta, inscripción en el IVA y facturación electrónica para negocios y trabajadores independientes.",
      },
      website: "https://www.hacienda.go.cr",
      lastVerifiedOn: reviewedOn,
      source: sources.hacienda,
    },
  ],
  sections: [
    {
      anchor: "municipality",
      title: { en: "The municipality", es: "La municipalidad" },
      body: {
        en: `The **Municipalidad de Santa Cruz** is the local government of the canton. It is led by an elected mayor (alcalde or alcaldesa) and a municipal council (concejo municipal); each district also elects a representative (síndico). Municipal elections are held every four years.

What residents deal with there:

- **Property tax** (impuesto sobre bienes inmuebles): 0.25% a year of the property's registered value. Owners should file a property value declaration with the municipality, which is updated every few years.
- **Business licences** (patentes) for any commercial activity, including many holiday rentals.
- **Building permits**, land-use certificates (uso de suelo) and inspections.
- **Rubbish collection** and other municipal service fees.
- **Concessions in the maritime zone**: the 200 metres from the high-tide line are public land; the first 50 metres can't be built on, and the next 150 are granted by the municipality as concessions, not sold.`,
        es: `La **Municipalidad de Santa Cruz** es el gobierno local del cantón. La dirigen una alcaldía electa y el concejo municipal; cada distrito elige además una sindicatura. Las elecciones municipales son cada cuatro años.

Trámites frecuentes:

- **Impuesto sobre bienes inmuebles**: el 0,25% por año del valor registrado de la propiedad. Los dueños deben presentar la declaración de valor ante la municipalidad, que se actualiza cada cierto número de años.
- **Patentes** para cualquier actividad comercial, incluidos muchos alquileres vacacionales.
- **Permisos de construcción**, certificados de uso de suelo e inspecciones.
- **Recolección de basura** y otras tasas por servicios municipales.
- **Concesiones en la zona marítimo terrestre**: los 200 metros desde la pleamar son de dominio público; en los primeros 50 no se construye, y los 150 siguientes la municipalidad los otorga en concesión, no se venden.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.municipalidad],
    },
    {
      anchor: "districts",
      title: { en: "Districts", es: "Distritos" },
      body: {
        en: `The canton of Santa Cruz has several districts; the beach communities covered by this site lie in the coastal districts, among them **Cabo Velas** and **Tempate**, and Tamarindo is a district of its own. A property's exact district appears on its cadastral plan (plano catastrado) and in the Registro Nacional; the municipality can confirm it. The district matters for your address, for your EBAIS clinic and for elections.`,
        es: `El cantón de Santa Cruz tiene varios distritos; las comunidades de playa que cubre este sitio están en los distritos costeros, entre ellos **Cabo Velas** y **Tempate**, y Tamarindo es un distrito aparte. El distrito exacto de una propiedad aparece en su plano catastrado y en el Registro Nacional; la municipalidad puede confirmarlo. El distrito importa para la dirección, para el EBAIS que le corresponde y para las elecciones.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.registroNacional, sources.municipalidad],
    },
    {
      anchor: "national-offices",
      title: { en: "National offices you may need", es: "Oficinas nacionales que puede necesitar" },
      body: {
        en: `- **Immigration (DGME)**: residency and DIMEX. See the [newcomer guide](/guide#residency).
- **CCSS**: health insurance enrolment, as an employee, employer or voluntary member.
- **COSEVI**: driving licences.
- **Registro Nacional**: property, companies and vehicles.
- **Registro Civil (TSE)**: births, marriages and Costa Rican identity cards.
- **Hacienda**: taxes and electronic invoicing.
- **Ministerio de Salud**: health permits for businesses that serve food or the public.
- **SETENA and SINAC**: environmental approval for construction and permits affecting forests, wetlands and protected areas.
- **Your embassy or consulate** is in San José; register with its travellers' programme if it has one.`,
        es: `- **Migración (DGME)**: residencias y DIMEX. Vea la [guía para recién llegados](/guide#residency).
- **CCSS**: aseguramiento como asalariado, patrono o asegurado voluntario.
- **COSEVI**: licencias de conducir.
- **Registro Nacional**: propiedades, sociedades y vehículos.
- **Registro Civil (TSE)**: nacimientos, matrimonios y cédulas de identidad.
- **Hacienda**: impuestos y facturación electrónica.
- **Ministerio de Salud**: permisos sanitarios de funcionamiento para negocios de comida o de atención al público.
- **SETENA y SINAC**: viabilidad ambiental para construir y permisos que afectan bosques, humedales y áreas protegidas.
- **Las embajadas y consulados** están en San José; si su país tiene un programa de registro de viajeros, inscríbase.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.migracion, sources.ccss, sources.cosevi, sources.tse, sources.hacienda, sources.sinac],
    },
    {
      anchor: "tips",
      title: { en: "Getting things done", es: "Cómo hacer trámites" },
      body: {
        en: `Check requirements on the institution's website or by phone before you go, and ask whether you need an appointment. Bring your ID, the original and a copy of every document, and foreign documents apostilled and translated by an official translator. Many payments are made at a bank or in your bank's app, and the receipt is then presented at the office. A Spanish-speaking friend, or a lawyer for legal matters, saves a lot of time.`,
        es: `Revise los requisitos en el sitio web de la institución o por teléfono antes de ir, y pregunte si necesita cita. Lleve su identificación, el original y una copia de cada documento, y los documentos extranjeros apostillados y traducidos por un traductor oficial. Muchos pagos se hacen en el banco o en la aplicación del banco, y luego se presenta el comprobante en la oficina.`,
      },
    },
  ],
};
