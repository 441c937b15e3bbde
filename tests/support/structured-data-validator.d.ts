// The structured-data validator ships JavaScript only; this is the part of it the tests use.
declare module "@adobe/structured-data-validator" {
  export interface StructuredDataIssue {
    rootType: string;
    severity: "ERROR" | "WARNING";
    issueMessage: string;
    /** "schemaOrg" where schema.org itself does not define a type or property. */
    errorType?: string;
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
    }): Promise<StructuredDataIssue[]>;
  }
}
