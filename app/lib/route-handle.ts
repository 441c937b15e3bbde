// What a route module may declare in its `handle` export for the server in front of the router
// (server/route-table.ts reads it from the build). Kept tiny: it ships to the browser too.

export interface RouteHandle {
  /** The route's action takes file uploads: multipart bodies up to UPLOAD_BODY_LIMIT (else BODY_LIMIT). */
  acceptsUploads?: boolean;
  /** A webhook that takes a JSON body as sent (byte for byte: a signature covers it), within BODY_LIMIT. */
  acceptsJson?: boolean;
}
