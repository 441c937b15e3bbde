import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const newcomerGuide: GuideSeed = {
  slug: "guide",
  title: { en: "Newcomer guide", es: "Guía para recién llegados" },
  summary: {
    en: "Moving to or spending a season in the Playa Flamingo area: immigration, residency, driving, banking and SINPE Móvil, phones, utilities, health care, schools, safety and the seasons.",
    es: "Mudarse o pasar una temporada en la zona de Playa Flamingo: migración, residencia, manejo, bancos y SINPE Móvil, teléfonos, servicios, salud, escuelas, seguridad y las épocas del año.",
  },
  intro: {
    en: "What people who have settled here wish they had known on day one. Rules and amounts change, so each section says when it was last checked and where to confirm; for residency and property, also talk to a Costa Rican lawyer.",
    es: "Lo que quienes ya se instalaron aquí hubieran querido saber el primer día. Las reglas y los montos cambian, así que cada sección dice cuándo se revisó y dónde confirmarlo; para residencia y propiedades, consulte además a un abogado costarricense.",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.migracion, sources.ccss, sources.bccr],
  sections: [
    {
      anchor: "arriving",
      title: { en: "Arriving and immigration basics", es: "Llegada y trámites migratorios básicos" },
      body: {
        en: `Whether you need a visa depends on your nationality. Citizens of many countries enter as tourists without one; the immigration officer decides how many days to stamp in your passport, up to the maximum the rules set for your nationality. Bring proof of onward travel (airlines often ask at check-in) and a passport that stays valid for your whole stay.

**Your stamp is your permission to stay**: count the days from it, not from what you were told. Overstaying leads to fines and can stop you coming back. Leaving the country and returning ("border runs") is not a way to live here; residency is.

Check the current rules for your nationality with the **Dirección General de Migración y Extranjería (DGME)** and your airline before you travel.`,
        es: `Necesitar visa o no depende de la nacionalidad. Las personas de muchos países entran como turistas sin visa; el oficial de migración decide cuántos días sellar en el pasaporte, hasta el máximo que fijan las reglas para cada nacionalidad. Lleve prueba de su salida del país (las aerolíneas suelen pedirla al documentar) y un pasaporte vigente durante toda su estadía.

**El sello es su permiso de permanencia**: cuente los días desde el sello, no desde lo que le dijeron. Quedarse de más trae multas y puede impedirle volver a entrar. Salir y volver a entrar cada cierto tiempo no es una forma de vivir aquí; la residencia sí.

Revise las reglas vigentes para su nacionalidad con la **Dirección General de Migración y Extranjería (DGME)** y con su aerolínea antes de viajar.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.migracion],
    },
    {
      anchor: "residency",
      title: { en: "Residency paths", es: "Caminos a la residencia" },
      body: {
        en: `The usual temporary residency categories are:

- **Pensionado**: a lifelong pension of at least US$1,000 a month.
- **Rentista**: a stable income of at least US$2,500 a month guaranteed for two years, or an equivalent deposit in a Costa Rican bank.
- **Inversionista**: an investment in the country of at least US$150,000 (real estate counts).
- **Family ties**: marriage to a Costa Rican, or parents of a Costa Rican child.
- **Remote workers ("digital nomads")**: a stay of one year, renewable once, for people who earn their income from abroad, with a minimum monthly income set by law (higher with family).

Temporary residents can usually apply for **permanent residency after three years**. Residents receive a **DIMEX** card and must enrol in the CCSS. Applications need apostilled and translated documents and take months; most people use an immigration lawyer.

These amounts are the ones in force when this section was checked; confirm them with the DGME.`,
        es: `Las categorías usuales de residencia temporal son:

- **Pensionado**: una pensión vitalicia de al menos US$1.000 por mes.
- **Rentista**: un ingreso estable de al menos US$2.500 por mes garantizado por dos años, o un depósito equivalente en un banco costarricense.
- **Inversionista**: una inversión en el país de al menos US$150.000 (los bienes inmuebles cuentan).
- **Vínculo familiar**: matrimonio con una persona costarricense, o ser padre o madre de una persona costarricense.
- **Trabajo remoto ("nómadas digitales")**: una estancia de un año, renovable una vez, para quienes reciben su ingreso del exterior, con un ingreso mínimo mensual fijado por ley (mayor si viene con familia).

Las personas con residencia temporal normalmente pueden pedir la **residencia permanente después de tres años**. Quienes tienen residencia reciben el **DIMEX** y deben asegurarse en la CCSS. Las solicitudes necesitan documentos apostillados y traducidos y tardan meses; la mayoría de la gente trabaja con un abogado de migración.

Estos montos son los vigentes cuando se revisó esta sección; confírmelos con la DGME.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.migracion],
    },
    {
      anchor: "driving",
      title: { en: "Driving and licences", es: "Manejo y licencias" },
      body: {
        en: `Visitors may drive with their valid licence from home while their entry stamp is valid. Residents need a **Costa Rican licence**: with a valid foreign licence it can usually be obtained by recognition (homologación) at the Consejo de Seguridad Vial (COSEVI), with a medical certificate (dictamen médico), instead of taking the tests again.

Every vehicle pays the yearly **marchamo** (circulation tax and compulsory insurance), due in December, and needs a current technical inspection (RTV). Cars are expensive to import, so the second-hand market is active: check a car's record in the Registro Nacional before you buy. Road conditions are on the [transportation page](/transportation#driving-conditions).`,
        es: `Los turistas pueden manejar con su licencia vigente de su país mientras esté vigente el sello de entrada. Quienes tienen residencia necesitan **licencia costarricense**: con una licencia extranjera vigente normalmente se obtiene por homologación en el Consejo de Seguridad Vial (COSEVI), con el dictamen médico, sin repetir las pruebas.

Todo vehículo paga cada año el **marchamo** (impuesto de circulación y seguro obligatorio), que vence en diciembre, y necesita la revisión técnica (RTV) al día. Importar carros es caro, así que el mercado de usados es activo: revise el historial del carro en el Registro Nacional antes de comprar. Cómo son las carreteras, en la [página de transporte](/transportation#driving-conditions).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.cosevi, sources.registroNacional],
    },
    {
      anchor: "banking",
      title: { en: "Money, banking and SINPE Móvil", es: "Dinero, bancos y SINPE Móvil" },
      body: {
        en: `The currency is the **colón** (₡, CRC). US dollars are widely accepted in tourist businesses, usually with change given in colones; elsewhere, pay in colones. Cards work almost everywhere; small sodas, fruit stands and buses may be cash only. Keep notes in good condition: worn or torn dollar bills are often refused.

The main banks are the state banks (Banco Nacional, Banco de Costa Rica, Banco Popular) and private ones such as BAC. Opening an account is easier with residency; banks ask for ID, proof of address and the source of your funds.

**SINPE Móvil**, run by the Banco Central, sends money instantly from one Costa Rican bank account to another using only a phone number. It is how locals pay each other: sodas, markets, gardeners, neighbours. Activate it in your bank's app; limits per transfer are set by each bank. Always check the name that appears before you confirm.`,
        es: `La moneda es el **colón** (₡, CRC). En los negocios turísticos se aceptan dólares, normalmente con el vuelto en colones; en lo demás, pague en colones. Las tarjetas funcionan en casi todo lado; algunas sodas pequeñas, tramos de frutas y buses solo reciben efectivo. Cuide los billetes: los dólares gastados o rotos muchas veces no se aceptan.

Los bancos principales son los estatales (Banco Nacional, Banco de Costa Rica, Banco Popular) y privados como BAC. Abrir una cuenta es más fácil con residencia; los bancos piden identificación, comprobante de domicilio y el origen de los fondos.

**SINPE Móvil**, del Banco Central, envía dinero al instante de una cuenta bancaria costarricense a otra solo con el número de teléfono. Es la forma en que la gente se paga aquí: sodas, ferias, jardineros, vecinos. Actívelo en la aplicación de su banco; cada banco fija sus límites por transferencia. Revise siempre el nombre que aparece antes de confirmar.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.bccr],
    },
    {
      anchor: "phones-and-internet",
      title: { en: "Phones and internet", es: "Teléfonos e internet" },
      body: {
        en: `Costa Rican numbers have eight digits (mobiles start with 6, 7 or 8, landlines with 2) and the country code is **+506**. The mobile networks are **Kölbi** (ICE), **Claro** and **Liberty**; a prepaid SIM or eSIM needs your passport and is sold at the airport and in shops. Coverage is good in the towns and patchy on back roads and behind hills.

**WhatsApp** is how almost everything is arranged here: businesses, tradespeople, schools, neighbourhood groups. Home internet over fibre or cable is available in much of the area; ask neighbours which provider works best on your street before you sign, and keep a mobile data plan as a backup for power cuts.`,
        es: `Los números costarricenses tienen ocho dígitos (los celulares empiezan con 6, 7 u 8 y los fijos con 2) y el código de país es **+506**. Las redes móviles son **Kölbi** (ICE), **Claro** y **Liberty**; una SIM o eSIM prepago se compra con el pasaporte en el aeropuerto y en tiendas. La cobertura es buena en los pueblos e irregular en caminos internos y detrás de los cerros.

Aquí casi todo se coordina por **WhatsApp**: negocios, técnicos, escuelas y grupos de vecinos. Hay internet residencial por fibra o cable en buena parte de la zona; pregunte a los vecinos qué proveedor funciona mejor en su calle antes de firmar, y tenga un plan de datos móviles de respaldo para cuando se va la luz.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ice],
    },
    {
      anchor: "utilities",
      title: { en: "Electricity, water and rubbish", es: "Electricidad, agua y basura" },
      body: {
        en: `**Electricity** comes from ICE or from the Coopeguanacaste cooperative, depending on the address; the previous bill or your landlord tells you which. Bills arrive monthly and are paid by bank transfer, in your bank's app or at supermarkets. Short power cuts happen in storms: a surge protector for electronics is worth it.

**Water** is supplied by AyA or by a community water association (ASADA). In the dry season supply can be short in parts of the coast: use water carefully, fix leaks, and ask whether a house has a storage tank before you rent.

**Rubbish** is collected by the Municipalidad de Santa Cruz on set days that vary by community; put bags out on the day, off the ground, away from dogs. Recycling points exist in several communities; ask neighbours. Burning rubbish is prohibited and a fire risk.`,
        es: `La **electricidad** la da el ICE o la cooperativa Coopeguanacaste, según la dirección; el recibo anterior o el dueño de la casa le dicen cuál. El recibo llega cada mes y se paga por transferencia, en la aplicación del banco o en supermercados. En tormentas se va la luz por ratos: vale la pena un protector de picos para los aparatos.

El **agua** la da el AyA o una asociación comunal de acueducto (ASADA). En la época seca el agua puede escasear en partes de la costa: úsela con cuidado, arregle las fugas y pregunte si la casa tiene tanque de almacenamiento antes de alquilar.

La **basura** la recoge la Municipalidad de Santa Cruz en días fijos que cambian según la comunidad; saque las bolsas el día que corresponde, en alto y lejos de los perros. Hay puntos de reciclaje en varias comunidades; pregunte a los vecinos. Quemar basura está prohibido y es un riesgo de incendio.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ice, sources.aya, sources.municipalidad],
    },
    {
      anchor: "health-care",
      title: { en: "Health care and the CCSS", es: "Salud y la CCSS" },
      body: {
        en: `Legal residents must enrol in the **CCSS** ("la Caja"), the public health system, and pay a monthly contribution based on declared income; it covers the resident and their family at the neighbourhood EBAIS clinic and the public hospitals. Many residents also keep private insurance for quicker access to specialists. Visitors should travel with insurance that covers medical care and evacuation.

Clinics, hospitals, pharmacies and what to bring are on the [healthcare page](/healthcare); emergency numbers on the [emergency page](/emergency).`,
        es: `Quienes tienen residencia legal deben asegurarse en la **CCSS** ("la Caja"), el sistema público de salud, y pagar una cuota mensual según el ingreso declarado; cubre a la persona residente y su familia en el EBAIS del barrio y en los hospitales públicos. Muchos residentes mantienen además un seguro privado para ver especialistas más rápido. Los turistas deben viajar con un seguro que cubra atención médica y traslados.

Clínicas, hospitales, farmacias y qué llevar, en la [página de salud](/healthcare); los números de emergencia, en la [página de emergencias](/emergency).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.ccss],
    },
    {
      anchor: "schools",
      title: { en: "Schools", es: "Escuelas y colegios" },
      body: {
        en: `**Public schools** run by the Ministerio de Educación Pública (MEP) are free and teach in Spanish; children of residents and of families in the process of residency can enrol. The school year runs from **February to December**, with a two-week break in July.

There are **private and bilingual schools** in the area and in the larger towns nearby, some following international programmes; visit, ask about accreditation (MEP recognition matters if a child will study at a Costa Rican university) and about transport. Find them [in the directory under education](/directory?category=education).`,
        es: `Las **escuelas y colegios públicos** del Ministerio de Educación Pública (MEP) son gratuitos y enseñan en español; pueden matricularse los hijos de residentes y de familias en trámite de residencia. El curso lectivo va de **febrero a diciembre**, con dos semanas de vacaciones en julio.

En la zona y en los pueblos más grandes cercanos hay **colegios privados y bilingües**, algunos con programas internacionales; visítelos y pregunte por la acreditación (el reconocimiento del MEP importa si el estudiante va a ir a una universidad costarricense) y por el transporte. Búsquelos en el [directorio, en educación](/directory?category=education).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.mep],
    },
    {
      anchor: "safety",
      title: { en: "Safety", es: "Seguridad" },
      body: {
        en: `The area is generally calm, and most problems are **theft of opportunity**: bags left on the beach, things visible in parked cars, open windows in empty houses. Take valuables with you, use the safe, lock up when you go out, and get to know your neighbours; neighbourhood WhatsApp groups share warnings quickly.

Rental scams exist: never send a deposit for a house you haven't seen to someone you can't verify, and check who owns a property in the Registro Nacional.

For an emergency call [911](tel:911). To report a crime afterwards (you'll need the report for insurance), file a complaint (denuncia) with the OIJ. More on the [emergency page](/emergency).`,
        es: `La zona es en general tranquila, y la mayoría de los problemas son **robos de oportunidad**: bolsos dejados en la playa, cosas a la vista en carros estacionados, ventanas abiertas en casas solas. Ande con sus objetos de valor, use la caja fuerte, cierre con llave al salir y conozca a sus vecinos; los grupos de WhatsApp del barrio avisan rápido.

Hay estafas con alquileres: nunca envíe un depósito por una casa que no ha visto a alguien que no puede verificar, y revise en el Registro Nacional quién es el dueño de una propiedad.

En una emergencia llame al [911](tel:911). Para denunciar un delito después (el seguro le va a pedir la denuncia), acuda al OIJ. Más información en la [página de emergencias](/emergency).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.oij, sources.registroNacional],
    },
    {
      anchor: "seasons",
      title: { en: "Rainy and dry seasons", es: "Época lluviosa y época seca" },
      body: {
        en: `Guanacaste is the driest part of Costa Rica and has two seasons:

- **Dry season ("verano", summer)**: roughly **December to April**. Sunny, hot and dusty, with strong winds from December to March. Hills turn brown and the risk of forest fires rises. This is the high tourist season, busiest at Christmas, New Year and Holy Week (Semana Santa).
- **Rainy season ("invierno", winter)**: roughly **May to November**. Usually sunny mornings and afternoon or evening storms; a drier spell (the "veranillo") often comes in July; September and October are the wettest months. Everything turns green, prices drop and some businesses close for a few weeks.

The Instituto Meteorológico Nacional (IMN) publishes forecasts and alerts.`,
        es: `Guanacaste es la parte más seca de Costa Rica y tiene dos épocas:

- **Época seca ("verano")**: más o menos de **diciembre a abril**. Soleado, caliente y con polvo, con vientos fuertes de diciembre a marzo. Los cerros se ponen cafés y sube el riesgo de incendios forestales. Es la temporada alta de turismo, con más gente en Navidad, Año Nuevo y Semana Santa.
- **Época lluviosa ("invierno")**: más o menos de **mayo a noviembre**. Normalmente mañanas de sol y aguaceros en la tarde o la noche; en julio suele venir un periodo más seco (el "veranillo"); setiembre y octubre son los meses más lluviosos. Todo se pone verde, bajan los precios y algunos negocios cierran unas semanas.

El Instituto Meteorológico Nacional (IMN) publica pronósticos y alertas.`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.imn],
    },
  ],
};
