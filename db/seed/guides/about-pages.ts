import { sources } from "./sources";
import { type GuideSeed, reviewedOn } from "./types";

export const about: GuideSeed = {
  slug: "about",
  title: { en: "About Playa Hub", es: "Acerca de Playa Hub" },
  summary: {
    en: "A bilingual community hub and business directory for Playa Flamingo and its neighbouring beaches in Guanacaste, Costa Rica.",
    es: "Un punto de encuentro comunitario y directorio de negocios bilingüe para Playa Flamingo y sus playas vecinas, en Guanacaste, Costa Rica.",
  },
  intro: {
    en: "Playa Hub brings together what people in the Playa Flamingo area look for every day, in English and Spanish: local businesses, community news and events, the beach report, guides for newcomers and visitors, and the numbers to call when something goes wrong.",
    es: "Playa Hub reúne lo que la gente de la zona de Playa Flamingo busca todos los días, en español y en inglés: negocios locales, noticias y actividades de la comunidad, el informe de playas, guías para recién llegados y visitantes, y los números a los que llamar cuando algo sale mal.",
  },
  sections: [
    {
      anchor: "who-its-for",
      title: { en: "Who it's for", es: "Para quién es" },
      body: {
        en: `- **Visitors** planning a trip or already here, who want to know where to eat, what to do and how things work.
- **Residents**, full-time or seasonal, and people thinking of moving here.
- **Local businesses**, which can list themselves for free and keep their hours, menus and contact details up to date.`,
        es: `- **Visitantes** que planean un viaje o ya están aquí y quieren saber dónde comer, qué hacer y cómo funcionan las cosas.
- **Residentes**, todo el año o por temporadas, y quienes piensan mudarse.
- **Negocios locales**, que pueden aparecer gratis en el directorio y mantener al día sus horarios, menús y datos de contacto.`,
      },
    },
    {
      anchor: "how-information-is-checked",
      title: { en: "How we check information", es: "Cómo revisamos la información" },
      body: {
        en: `Practical information on the guide pages shows **when it was last checked and against which source**, because phone numbers, fees and timetables change. When in doubt, the official source wins: each page tells you where to confirm.

Business listings are reviewed before they are published, and owners can claim their listing to keep it current. Sample listings and posts used to demonstrate the site are marked as such.

If you spot something wrong or out of date, please [tell us](/contact).`,
        es: `La información práctica de las guías indica **cuándo se revisó por última vez y con qué fuente**, porque los teléfonos, tarifas y horarios cambian. En caso de duda, manda la fuente oficial: cada página dice dónde confirmar.

Los negocios se revisan antes de publicarse, y sus dueños pueden reclamar su ficha para mantenerla al día. Los negocios y publicaciones de ejemplo que sirven para mostrar el sitio están marcados como tales.

Si ve algo incorrecto o desactualizado, [avísenos](/contact).`,
      },
    },
    {
      anchor: "independence",
      title: { en: "Independent and community-minded", es: "Independiente y comunitario" },
      body: {
        en: "Playa Hub is not a government site and is not run by any business listed on it. Premium listings and advertising pay for the site; they never change what the guides say or how reviews are shown. Everyone who takes part agrees to the [community guidelines](/guidelines), and what we store about you is set out in the [privacy policy](/privacy).",
        es: "Playa Hub no es un sitio del gobierno ni lo administra ningún negocio del directorio. Las fichas premium y la publicidad pagan el sitio; nunca cambian lo que dicen las guías ni cómo se muestran las reseñas. Quienes participan aceptan las [normas de la comunidad](/guidelines), y lo que guardamos sobre usted está en la [política de privacidad](/privacy).",
      },
    },
  ],
};

export const guidelines: GuideSeed = {
  slug: "guidelines",
  title: { en: "Community guidelines", es: "Normas de la comunidad" },
  summary: {
    en: "The rules for posts, reviews, listings, classifieds and messages on Playa Hub, and what moderators do when they are broken.",
    es: "Las reglas para publicaciones, reseñas, fichas, clasificados y mensajes en Playa Hub, y qué hacen los moderadores cuando no se cumplen.",
  },
  intro: {
    en: "Playa Hub works because neighbours, visitors and businesses treat each other well. These rules apply to everything you post: forum discussions, comments, reviews, business listings, events, groups, classifieds and property listings.",
    es: "Playa Hub funciona porque vecinos, visitantes y negocios se tratan bien. Estas reglas aplican a todo lo que publique: discusiones del foro, comentarios, reseñas, fichas de negocios, actividades, grupos, clasificados y anuncios de propiedades.",
  },
  lastVerifiedOn: reviewedOn,
  sections: [
    {
      anchor: "be-respectful",
      title: { en: "Be respectful", es: "Sea respetuoso" },
      body: {
        en: `- No insults, harassment, threats or hate towards anyone, for any reason, including nationality, ethnicity, religion, gender, sexual orientation, disability or age.
- Criticise ideas and services, not people.
- Write in English or Spanish, and be patient with people writing in their second language.`,
        es: `- Nada de insultos, acoso, amenazas ni odio contra nadie, por ninguna razón, incluidas nacionalidad, etnia, religión, género, orientación sexual, discapacidad o edad.
- Critique ideas y servicios, no personas.
- Escriba en español o en inglés, y tenga paciencia con quien escribe en su segundo idioma.`,
      },
    },
    {
      anchor: "honest-content",
      title: { en: "Be honest", es: "Sea honesto" },
      body: {
        en: `- **Reviews** describe your own experience as a customer. Don't review your own business or a competitor's, and don't offer or accept anything in exchange for a review.
- **Listings, events, classifieds and properties** must be real, current and accurately described, with real prices. Remove them when they are no longer available.
- Don't impersonate anyone, and don't spread information you know to be false, especially about safety or emergencies.`,
        es: `- **Las reseñas** cuentan su propia experiencia como cliente. No reseñe su propio negocio ni el de la competencia, y no ofrezca ni acepte nada a cambio de una reseña.
- **Las fichas, actividades, clasificados y propiedades** deben ser reales, vigentes y bien descritos, con precios reales. Retírelos cuando ya no estén disponibles.
- No se haga pasar por otra persona ni difunda información que sabe falsa, sobre todo de seguridad o emergencias.`,
      },
    },
    {
      anchor: "privacy-and-safety",
      title: { en: "Protect people's privacy and safety", es: "Proteja la privacidad y la seguridad" },
      body: {
        en: `- Don't publish anyone's personal details (address, phone, documents, photos of their home or children) without their consent.
- Don't post photos of people in a way that embarrasses or exposes them.
- Report crimes to the authorities (911 or the OIJ), not in the forums: naming suspects publicly can hurt innocent people and the investigation.`,
        es: `- No publique datos personales de nadie (dirección, teléfono, documentos, fotos de su casa o de sus hijos) sin su consentimiento.
- No publique fotos de personas de forma que las exponga o avergüence.
- Denuncie los delitos ante las autoridades (911 u OIJ), no en los foros: señalar sospechosos en público puede dañar a personas inocentes y a la investigación.`,
      },
    },
    {
      anchor: "not-allowed",
      title: { en: "Not allowed", es: "No se permite" },
      body: {
        en: `- Anything illegal in Costa Rica, including drugs, weapons, and wildlife or products made from wild animals and plants.
- Spam, chain messages, pyramid schemes and repeated self-promotion outside the directory and classifieds.
- Discrimination in job, rental or property ads.
- Sexual content, and any content involving minors in a sexual or harmful way.
- Links to malware, phishing or scams.`,
        es: `- Cualquier cosa ilegal en Costa Rica, incluidas drogas, armas, y animales o plantas silvestres o productos hechos con ellos.
- Spam, cadenas, esquemas piramidales y autopromoción repetida fuera del directorio y los clasificados.
- Discriminación en anuncios de empleo, alquiler o venta de propiedades.
- Contenido sexual, y cualquier contenido que involucre a personas menores de edad de forma sexual o dañina.
- Enlaces a programas maliciosos, suplantación de identidad o estafas.`,
      },
    },
    {
      anchor: "moderation",
      title: { en: "What moderators do", es: "Qué hace la moderación" },
      body: {
        en: `Anyone can report a post, review or listing. Moderators review reports and may:

1. hide or remove content that breaks these rules;
2. ask the author to correct a listing or an ad;
3. warn, suspend or, for serious or repeated breaches, close an account.

Moderators explain their decision to the author where they can. If you think a decision was wrong, [contact us](/contact) and a different moderator will look at it again. Reports of illegal content may be passed to the authorities.`,
        es: `Cualquier persona puede reportar una publicación, reseña o ficha. La moderación revisa los reportes y puede:

1. ocultar o eliminar contenido que no cumple estas reglas;
2. pedirle al autor que corrija una ficha o un anuncio;
3. advertir, suspender o, en faltas graves o repetidas, cerrar una cuenta.

Cuando es posible, la moderación le explica su decisión al autor. Si cree que una decisión fue equivocada, [escríbanos](/contact) y otra persona de moderación la revisará. Los reportes de contenido ilegal pueden trasladarse a las autoridades.`,
      },
    },
  ],
};

export const privacy: GuideSeed = {
  slug: "privacy",
  title: { en: "Privacy policy", es: "Política de privacidad" },
  summary: {
    en: "What Playa Hub stores about you (account, sessions, analytics events, uploads, emails and messages), why, for how long, and how to delete your account.",
    es: "Qué guarda Playa Hub sobre usted (cuenta, sesiones, eventos de analítica, archivos, correos y mensajes), para qué, por cuánto tiempo y cómo eliminar su cuenta.",
  },
  intro: {
    en: "We collect as little as the site needs to work and never sell personal data. This page lists exactly what is stored. Personal data in Costa Rica is protected by Law 8968 (Ley de Protección de la Persona frente al Tratamiento de sus Datos Personales).",
    es: "Recogemos solo lo que el sitio necesita para funcionar y nunca vendemos datos personales. Esta página detalla exactamente qué se guarda. En Costa Rica los datos personales están protegidos por la Ley 8968 (Ley de Protección de la Persona frente al Tratamiento de sus Datos Personales).",
  },
  lastVerifiedOn: reviewedOn,
  sources: [sources.prodhab],
  sections: [
    {
      anchor: "browsing",
      title: { en: "When you just browse", es: "Si solo navega" },
      body: {
        en: `You can read every public page without an account. We store:

- a **language cookie** (\`i18nextLng\`), and the same value in your browser's local storage, only when you choose a language, so the site remembers it;
- a copy of the pages you open in your **browser's offline cache**, on your own device, so emergency numbers and guides still open without a connection. Clearing your browser's site data removes it;
- our server's **technical logs** (time, address requested, response status, errors), kept for a short time to keep the site running and secure;
- short-lived **rate-limit counters** keyed by your IP address on forms such as sign-in and contact, which expire on their own within hours, to stop abuse.`,
        es: `Puede leer todas las páginas públicas sin cuenta. Guardamos:

- una **cookie de idioma** (\`i18nextLng\`), y el mismo valor en el almacenamiento local del navegador, solo cuando usted elige un idioma, para recordarlo;
- una copia de las páginas que abre en la **caché sin conexión de su navegador**, en su propio dispositivo, para que los números de emergencia y las guías abran sin conexión. Se borra al eliminar los datos del sitio en su navegador;
- los **registros técnicos** del servidor (hora, dirección solicitada, resultado, errores), por poco tiempo, para mantener el sitio funcionando y seguro;
- **contadores temporales** por dirección IP en formularios como el de inicio de sesión y el de contacto, que vencen solos en horas, para evitar abusos.`,
      },
    },
    {
      anchor: "account",
      title: { en: "Your account and sessions", es: "Su cuenta y sus sesiones" },
      body: {
        en: `When you sign up we store your **email address, first and last name, preferred language and role** (user, business owner or admin), and your **password as a one-way hash**: nobody, including us, can read it.

Each time you sign in we create a **session**, stored in our database and in an HttpOnly cookie, together with the IP address and browser it was created from, to help spot sign-ins that aren't yours; "sign out everywhere" in your settings ends them all. Sessions expire, and signing out ends them on the server.

Admin actions on accounts (such as granting a role) are recorded in an audit log with who did what and when.`,
        es: `Al registrarse guardamos su **correo electrónico, nombre y apellido, idioma preferido y rol** (usuario, dueño de negocio o administrador), y su **contraseña cifrada de forma irreversible**: nadie, ni siquiera nosotros, puede leerla.

Cada vez que inicia sesión creamos una **sesión**, guardada en nuestra base de datos y en una cookie HttpOnly, junto con la dirección IP y el navegador desde donde se creó, para detectar inicios de sesión que no son suyos; la opción de cerrar sesión en todos los dispositivos, en su configuración, las termina todas. Las sesiones vencen, y al cerrar sesión se terminan en el servidor.

Las acciones de administración sobre cuentas (por ejemplo, asignar un rol) quedan en un registro de auditoría con quién hizo qué y cuándo.`,
      },
    },
    {
      anchor: "content-and-uploads",
      title: { en: "What you publish and upload", es: "Lo que publica y sube" },
      body: {
        en: `Posts, reviews, listings, events, classifieds and properties you publish are public under the name you choose to show. **Images you upload are re-encoded** before they are stored, which strips hidden metadata such as the GPS location a phone camera adds; the original file is not kept.`,
        es: `Las publicaciones, reseñas, fichas, actividades, clasificados y propiedades que publique son públicas con el nombre que decida mostrar. **Las imágenes que sube se vuelven a codificar** antes de guardarse, lo que elimina metadatos ocultos como la ubicación GPS que agregan las cámaras de los teléfonos; el archivo original no se guarda.`,
      },
    },
    {
      anchor: "analytics",
      title: { en: "Analytics events", es: "Eventos de analítica" },
      body: {
        en: `To show business owners how their listing is doing, we record **events** such as a view of a business page or a click on its phone, map or website link: the kind of event, the page, the time and the language. These events are counted in our own database; we don't use third-party trackers for them and don't attach your account to them.

If advertising banners are shown on the site, they are served by an advertising network whose script runs in your browser under that network's own privacy policy; we don't share your account data with it.`,
        es: `Para mostrarles a los dueños cómo va su ficha, registramos **eventos** como una visita a la página de un negocio o un clic en su teléfono, mapa o sitio web: el tipo de evento, la página, la hora y el idioma. Estos eventos se cuentan en nuestra propia base de datos; no usamos rastreadores de terceros para ellos y no los asociamos a su cuenta.

Si en el sitio se muestran anuncios, los sirve una red de publicidad cuyo código corre en su navegador bajo la política de privacidad de esa red; no le compartimos los datos de su cuenta.`,
      },
    },
    {
      anchor: "emails-and-messages",
      title: { en: "Emails and messages", es: "Correos y mensajes" },
      body: {
        en: `Emails we send you (account verification, password resets, booking confirmations and notices) are kept in an **outbox** with the recipient, subject, text and delivery status, so we can retry failed deliveries and answer questions about them.

Messages sent through the **contact form** are stored with the name, email address, subject and message you entered, and forwarded by email to the site's team. We use them only to answer you.`,
        es: `Los correos que le enviamos (verificación de cuenta, cambio de contraseña, confirmaciones de reservas y avisos) se guardan en una **bandeja de salida** con el destinatario, el asunto, el texto y el estado del envío, para reintentar los envíos fallidos y responder consultas sobre ellos.

Los mensajes enviados por el **formulario de contacto** se guardan con el nombre, correo, asunto y mensaje que usted escribió, y se reenvían por correo al equipo del sitio. Solo los usamos para responderle.`,
      },
    },
    {
      anchor: "your-rights",
      title: { en: "Deleting your account and your rights", es: "Eliminar su cuenta y sus derechos" },
      body: {
        en: `You can **delete your account** at any time in the **settings of your dashboard**. After you confirm, your personal data (name, email, password, sessions and roles) is removed. Public contributions are either removed or kept without your name where other people's conversations depend on them.

You can also ask us to access, correct or delete your data, or to stop using it, through the [contact page](/contact). If you are not satisfied with our answer, you can complain to the Costa Rican data protection agency (PRODHAB).`,
        es: `Puede **eliminar su cuenta** cuando quiera en la **configuración de su panel**. Al confirmarlo, se borran sus datos personales (nombre, correo, contraseña, sesiones y roles). Sus aportes públicos se eliminan o se mantienen sin su nombre cuando las conversaciones de otras personas dependen de ellos.

También puede pedirnos acceder, corregir o eliminar sus datos, o dejar de usarlos, por medio de la [página de contacto](/contact). Si no está satisfecho con nuestra respuesta, puede acudir a la Agencia de Protección de Datos de los Habitantes (PRODHAB).`,
      },
      lastVerifiedOn: reviewedOn,
      sources: [sources.prodhab],
    },
  ],
};

export const contact: GuideSeed = {
  slug: "contact",
  title: { en: "Contact us", es: "Contáctenos" },
  summary: {
    en: "Send a message to the Playa Hub team: corrections, questions about your listing, privacy requests and ideas.",
    es: "Envíe un mensaje al equipo de Playa Hub: correcciones, consultas sobre su ficha, solicitudes de privacidad e ideas.",
  },
  intro: {
    en: "We read every message and answer by email, usually within a few days. **This form is not for emergencies**: call [911](tel:911). For a business's prices or bookings, contact the business directly from its page.",
    es: "Leemos todos los mensajes y respondemos por correo, normalmente en pocos días. **Este formulario no es para emergencias**: llame al [911](tel:911). Para precios o reservas de un negocio, comuníquese directamente con el negocio desde su página.",
  },
  sections: [],
};
