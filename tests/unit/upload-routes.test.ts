// A form that posts files (encType multipart/form-data) needs its route to declare
// `handle.acceptsUploads`: without it the body limit for everything else (BODY_LIMIT, 1 MB) applies
// and a phone photo gets a bare 413 before the route can say anything (server/input.ts). This reads
// every route module, the components it renders and, within each component file, the functions
// those render, and fails for a route that can render a multipart form without declaring it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uploadRoutes } from "#tests/support/upload-routes";

const root = path.resolve(import.meta.dirname, "../..");

describe("routes that render a file upload form accept uploads", () => {
  const routes = uploadRoutes();

  it("finds the forms it is meant to find", () => {
    expect(routes).toContain("app/routes/dashboard/business/$businessId/photos.tsx");
    expect(routes).toContain("app/routes/_public/classifieds/new.tsx");
    // Its report form is loaded lazily, when it is first rendered.
    expect(routes).toContain("app/routes/_public/beach-report.tsx");
    expect(routes).not.toContain("app/routes/dashboard/business/$businessId/hours.tsx");
  });

  it.each(routes)("%s declares handle.acceptsUploads", (route) => {
    expect(readFileSync(path.join(root, route), "utf8")).toMatch(/acceptsUploads:\s*true/);
  });
});
