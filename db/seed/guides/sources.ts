import type { GuideSource } from "#app/features/guides/schema";

// Official sources a reader can use to confirm what these pages say. Each is the institution's
// own site; where we are not certain of an office's web address we name the office without one.

export const sources = {
  emergencies911: { label: "Sistema de Emergencias 9-1-1", url: "https://www.911.go.cr" },
  bomberos: { label: "Benemérito Cuerpo de Bomberos de Costa Rica", url: "https://www.bomberos.go.cr" },
  cruzRoja: { label: "Cruz Roja Costarricense", url: "https://www.cruzroja.or.cr" },
  oij: { label: "Organismo de Investigación Judicial (OIJ)", url: "https://sitiooij.poder-judicial.go.cr" },
  seguridadPublica: { label: "Ministerio de Seguridad Pública", url: "https://www.seguridadpublica.go.cr" },
  ccss: { label: "Caja Costarricense de Seguro Social (CCSS)", url: "https://www.ccss.sa.cr" },
  ministerioSalud: { label: "Ministerio de Salud", url: "https://www.ministeriodesalud.go.cr" },
  migracion: { label: "Dirección General de Migración y Extranjería (DGME)", url: "https://www.migracion.go.cr" },
  cosevi: { label: "Consejo de Seguridad Vial (COSEVI)", url: "https://www.csv.go.cr" },
  mopt: { label: "Ministerio de Obras Públicas y Transportes (MOPT)", url: "https://www.mopt.go.cr" },
  ctp: { label: "Consejo de Transporte Público (CTP)", url: "https://www.ctp.go.cr" },
  bccr: { label: "Banco Central de Costa Rica (SINPE)", url: "https://www.bccr.fi.cr" },
  aya: { label: "Instituto Costarricense de Acueductos y Alcantarillados (AyA)", url: "https://www.aya.go.cr" },
  ice: { label: "Grupo ICE", url: "https://www.grupoice.com" },
  mep: { label: "Ministerio de Educación Pública (MEP)", url: "https://www.mep.go.cr" },
  imn: { label: "Instituto Meteorológico Nacional (IMN)", url: "https://www.imn.ac.cr" },
  sinac: { label: "Sistema Nacional de Áreas de Conservación (SINAC)", url: "https://www.sinac.go.cr" },
  ict: { label: "Instituto Costarricense de Turismo (ICT)", url: "https://www.ict.go.cr" },
  tse: { label: "Tribunal Supremo de Elecciones (TSE)", url: "https://www.tse.go.cr" },
  registroNacional: { label: "Registro Nacional", url: "https://www.rnpdigital.com" },
  hacienda: { label: "Ministerio de Hacienda", url: "https://www.hacienda.go.cr" },
  aeris: { label: "Aeropuerto Internacional Juan Santamaría (AERIS)", url: "https://www.aeris.cr" },
  municipalidad: { label: "Municipalidad de Santa Cruz (offices in Santa Cruz city)" },
  prodhab: { label: "Agencia de Protección de Datos de los Habitantes (PRODHAB)", url: "https://www.prodhab.go.cr" },
} satisfies Record<string, GuideSource>;
