// ElectroDB checks each entity's model against a JSON Schema with the `jsonschema` package (28 KB in
// every function bundle, and its schemas compiled at import) when the entity is made. The models are
// constants in lambdas/adapters/dynamo/entities.ts, checked by every unbundled test run (the unit and
// integration tests make every entity with the real package), so the bundled functions skip the
// check: this Validator accepts what it is given. Real-bundle test: test/cdk/electrodb-bundle.test.ts.

export interface ValidationResult {
  readonly valid: boolean;
  readonly errors: readonly unknown[];
}

export class Validator {
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(): ValidationResult {
    return { valid: true, errors: [] };
  }
}

// ElectroDB adds its formats on the prototype before it makes a Validator.
Validator.prototype.customFormats = {};
