import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Station } from "@neaps/tide-database";

// The tide database parses all of its ~11,000 stations and their search index when imported: 55 MB
// of heap that never goes away, 440 ms of start-up, for the one station a site shows. So it is
// opened in a worker thread that hands back the station asked for and exits; the server keeps
// only that station (a few kilobytes), and the worker's memory goes with it.

export interface FoundStation {
  station: Station;
  /** The station whose constants a subordinate station borrows, by id and name. */
  reference: { id: string; name: string } | null;
}

// CommonJS because an `eval` worker runs as a script; the database is an ES module, hence import().
const lookup = `
const { parentPort, workerData } = require("node:worker_threads");
const { pathToFileURL } = require("node:url");
import(pathToFileURL(workerData.databasePath).href).then(({ stationsById }) => {
  // Site settings hold the publisher's id (NOAA "TWC0349"); the database prefixes its source.
  const station = stationsById.get(workerData.id) ?? stationsById.get("noaa/" + workerData.id) ?? null;
  const reference = station?.offsets?.reference ? stationsById.get(station.offsets.reference) : undefined;
  parentPort.postMessage(station ? { station, reference: reference ? { id: reference.id, name: reference.name } : null } : null);
});
`;

const found = new Map<string, Promise<FoundStation | null>>();

/** The station with this id (the database's, or the publisher's without its source prefix), or null. */
export function findStation(id: string): Promise<FoundStation | null> {
  let pending = found.get(id);
  if (!pending) {
    pending = readFromDatabase(id);
    found.set(id, pending);
    // A failed read (not an unknown id) is tried again on the next request.
    pending.catch(() => found.delete(id));
  }
  return pending;
}

function readFromDatabase(id: string): Promise<FoundStation | null> {
  const databasePath = createRequire(import.meta.url).resolve("@neaps/tide-database");
  return new Promise((resolve, reject) => {
    const worker = new Worker(lookup, { eval: true, workerData: { databasePath, id } });
    let answered = false;
    worker.once("message", (message: FoundStation | null) => {
      answered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the tide database lookup for ${id} exited with code ${code}`));
    });
  });
}
