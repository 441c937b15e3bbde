// Every table, for Drizzle's relational queries and drizzle-kit. A domain adds its schema here.
export * from "../domain/content/schema";
export * from "../domain/accounts/schema";
export * from "../domain/directory/schema";
export * from "../domain/guides/schema";
export * from "../domain/beach/schema";
export * from "./search/schema";
export * from "./response-cache/schema";
