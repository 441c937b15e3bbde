import pg from "pg";

// The global setup creates the template database and each test file copies it: both talk to the
// TEST_DATABASE_URL server outside any pool, one statement per connection.

/** Runs one statement (CREATE/DROP DATABASE cannot run in a transaction or on a pooled client). */
export async function adminQuery(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The server's URL pointed at another database on it. */
export function withDatabase(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
