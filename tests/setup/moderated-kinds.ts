// The server's entry registers the kinds of content people can report; tests that call the areas'
// functions directly need the same registry (trust levels count posts across every kind).
import "#app/compose/moderated-kinds.server";
