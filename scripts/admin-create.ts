// npm run admin:create -- --email you@example.com --password "a long passphrase" [--first-name Ana] [--last-name Mora]
// Creates the first admin (or makes an existing account admin). With the embedded database it
// needs the data directory to itself: while the server runs it refuses and says so, rather than
// opening the files twice (which could damage them). With DATABASE_URL it works any time.
import { parseArgs } from "node:util";
import { closeDatabase, DatabaseInUseError, openDatabase } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { AdminCreateError, createAdmin } from "#app/platform/accounts/admin-create.server";

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    strict: true,
  }));
} catch (error) {
  fail(
    `${(error as Error).message}\nUsage: npm run admin:create -- --email you@example.com --password "a long passphrase"`,
  );
}
if (!values.email || !values.password) {
  fail(
    'both --email and --password are required.\nUsage: npm run admin:create -- --email you@example.com --password "a long passphrase"',
  );
}

const config = env();
try {
  await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    fail(
      `the embedded database in ${config.DATA_DIR} is in use by process ${error.pid} (the server?).\n` +
        "Stop the server first, run this command again, then start the server. Nothing was changed.",
    );
  }
  throw error;
}
try {
  const result = await createAdmin({
    email: values.email,
    password: values.password,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  console.log(
    result.created
      ? `Created admin ${values.email.toLowerCase()}. Sign in at /auth.`
      : `${values.email.toLowerCase()} already had an account: it is now an admin (its password was not changed).`,
  );
} catch (error) {
  if (error instanceof AdminCreateError) fail(error.message);
  throw error;
} finally {
  await closeDatabase();
}
