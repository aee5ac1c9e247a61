package io.mink.schema.avro;

import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.HashSet;
import java.util.Set;
import org.apache.avro.Schema;

/**
 * Parses a registered Avro schema with its references: each referenced schema is parsed first,
 * depth first, into the same Avro parser, so the named types it defines resolve in the schemas
 * that use them. A reference met twice (a diamond) is parsed once, by its name. Field defaults
 * are not validated: Mink does not map them, and a registry may hold schemas with bad ones.
 */
final class AvroSchemaParser {
  static final int MAX_REFERENCE_DEPTH = 64;

  private final Schema.Parser parser = new Schema.Parser().setValidateDefaults(false);
  private final Set<String> parsedReferences = new HashSet<>();

  private AvroSchemaParser() {}

  static Schema parse(RegisteredSchema schema) throws UnreadableSchemaException {
    AvroSchemaParser parser = new AvroSchemaParser();
    parser.parseReferences(schema, 0);
    return parser.parseText(schema.text(), "Avro schema");
  }

  private void parseReferences(RegisteredSchema schema, int depth)
      throws UnreadableSchemaException {
    for (SchemaReference reference : schema.references()) {
      if (!parsedReferences.add(reference.name())) {
        continue;
      }
      String described = String.format(
          "Avro schema %s referenced as subject %s version %d",
          reference.name(), reference.subject(), reference.version());
      if (reference.schema().type() != SchemaType.AVRO) {
        throw new UnreadableSchemaException(
            described + " is a " + reference.schema().type() + " schema, not Avro");
      }
      if (depth >= MAX_REFERENCE_DEPTH) {
        throw new UnreadableSchemaException(
            described + " is more than " + MAX_REFERENCE_DEPTH + " references deep");
      }
      parseReferences(reference.schema(), depth + 1);
      parseText(reference.schema().text(), described);
    }
  }

  private Schema parseText(String text, String described) throws UnreadableSchemaException {
    try {
      return parser.parse(text);
    } catch (RuntimeException | StackOverflowError e) {
      throw new UnreadableSchemaException("Cannot parse " + described + ": " + e.getMessage(), e);
    }
  }
}
