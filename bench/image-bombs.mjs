// Uploads that are expensive to decode, through the real form, against the built server: how much
// the server process's resident memory (VmHWM, its peak) grows while they are handled.
//
//   npm run bench:image-bombs                  (embedded database)
//   BENCH_DATABASE_URL=postgres://… npm run bench:image-bombs
//
// Three rounds of six /classifieds/new posts at once, each post with six photos (the most an ad
// takes), from the demo accounts:
//   bombs   PNGs of a few KB declaring 7000×7000 (49 MP): refused from their headers, never decoded
//   at-cap  PNGs declaring 6000×4000 (24 MP, the largest accepted): decoded two at a time
//   photos  ordinary JPEG photos (2000×1500), six to a post as the upload limit allows
// Each round prints its time, the answers' statuses, and the server's peak RSS before and after.
import sharp from "sharp";
import { zeroPng } from "../tests/support/zero-png.ts";
import { ensureBuild, signInAsDemo, startAppServer } from "./lib.mjs";

const port = Number(process.env.BENCH_PORT ?? 3460);
const posts = 6;
const photosPerPost = 6;

async function phoneJpeg(seed) {
  // Gradients with a little grain, 3 MP: six must fit in one request's upload limit
  // (UPLOAD_BODY_LIMIT, 10 MB by default), so a phone's 12 MP pictures do not go six at a time.
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) >>> 0;
      const grain = (state >>> 28) - 8;
      const i = (y * width + x) * 3;
      pixels[i] = ((x >> 4) + seed * 40 + grain) & 255;
      pixels[i + 1] = ((y >> 4) + grain) & 255;
      pixels[i + 2] = (((x + y) >> 5) + grain) & 255;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function formOf(index, photos) {
  const form = new FormData();
  const fields = {
    title: `Bench ad ${index}`,
    description: "Snorkel set, mask and fins, size M, used twice at Playa Conchal.",
    language: "en",
    category: "for-sale",
    price: "40",
    currency: "USD",
    area: "playa-flamingo",
    rules: "on",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((bytes, i) => {
    form.append("photos", new Blob([bytes], { type: bytes[0] === 0xff ? "image/jpeg" : "image/png" }), `p-${i}`);
  });
  return form;
}

async function round(app, cookies, name, photosFor) {
  // The photos are made before the clock starts: only the server's work is timed.
  const forms = [];
  for (let index = 0; index < posts; index += 1) forms.push(formOf(index, await photosFor(index)));
  const before = app.memory();
  const started = performance.now();
  const statuses = await Promise.all(
    forms.map(async (body, index) => {
      let response;
      try {
        response = await fetch(`${app.url}/classifieds/new`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookies[index % cookies.length], origin: app.url, accept: "text/html" },
          body,
        });
      } catch {
        // The server may answer a refused upload before it has read all of it, and close.
        return "closed";
      }
      const text = await response.text();
      if (process.env.BENCH_DEBUG && response.status >= 400)
        console.log(
          response.status,
          text
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 600),
        );
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = app.memory();
  const tally = new Map();
  for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
  const counts = [...tally].map(([status, count]) => `${count}×${status}`);
  console.log(
    `${name.padEnd(7)} ${seconds.toFixed(1).padStart(5)} s  ${counts.join(" ").padEnd(10)}  ` +
      `peak RSS ${before.peakMb.toFixed(0)} → ${after.peakMb.toFixed(0)} MB, now ${after.rssMb.toFixed(0)} MB`,
  );
}

ensureBuild();
const app = await startAppServer(port, { env: { SEED_DEMO_USERS: "1" } });
try {
  // New accounts may post three ads an hour, and anyone ten at once: the at-cap posts come from
  // the demo member and owner, three each; the photos from the demo admin (trusted).
  const member = await signInAsDemo(app.url, "user");
  const owner = await signInAsDemo(app.url, "owner");
  const admin = await signInAsDemo(app.url, "admin");
  if (!member || !owner || !admin) throw new Error("could not sign in as the demo accounts");
  // A few pages first, so the baseline is a server that has served, not one that just started.
  for (const page of ["/", "/classifieds", "/classifieds/new", "/directory"])
    await (await fetch(app.url + page, { headers: { cookie: member } })).arrayBuffer();
  console.log(
    `${posts} posts at once, ${photosPerPost} photos each; ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  const bomb = (index) => Array.from({ length: photosPerPost }, (_, i) => zeroPng(7000, 7000 + index * 10 + i));
  const atCap = (index) => Array.from({ length: photosPerPost }, (_, i) => zeroPng(6000, 4000 - index * 10 - i));
  // Every photo different: the same photo in two ads is refused as a duplicate.
  const photos = async (index) => {
    const made = [];
    for (let i = 0; i < photosPerPost; i += 1) made.push(await phoneJpeg(index * photosPerPost + i + 1));
    return made;
  };
  await round(app, [member], "bombs", bomb);
  await round(app, [member, owner], "at-cap", atCap);
  await round(app, [admin], "photos", photos);
} finally {
  await app.stop();
}
