package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaToDecoder.Mapping;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;

/**
 * Compiles JSON Schemas (drafts 4, 6, 7, 2019-09 and 2020-12) into Iceberg types and decoders of
 * the JSON documents Confluent's JSON Schema serializer writes (the UTF-8 JSON text, after the
 * wire-format prefix).
 *
 * <p>Mapping, as docs/type-mapping.md (JSON Schema) says: boolean, string, integer and number are
 * boolean, string, long and double; a string of format date-time, date or uuid is timestamptz,
 * date or uuid; an object with properties is a struct whose fields follow the order of
 * "properties", required when "required" lists them and their schema does not allow null; an
 * object with no properties is a map from its keys to the additionalProperties schema; an array
 * with one items schema is a list; an enum is the type of its values; one type and null (a type
 * array, or oneOf/anyOf of {type: null} and one schema) is that type, optional; a $ref is its
 * definition's type; oneOf, anyOf and allOf, several types, no type and $ref to recursive
 * definitions are a string holding the part's JSON text. Where the table is silent:
 * <ul>
 *   <li>Without "type", the type comes from enum or const values (integers and fractions together
 *       make a double), else from object keywords (properties, additionalProperties,
 *       patternProperties) or array keywords (items, prefixItems) when only one of the two is
 *       present; otherwise the part is JSON text.</li>
 *   <li>With "type", enum and const do not change the type; enum membership is not checked.</li>
 *   <li>A composition of a single schema (allOf: [S]) is S, since it allows exactly what S allows.
 *       A composition beside its own typing keywords is JSON text.</li>
 *   <li>An object without properties, or with additionalProperties true, absent or beside
 *       patternProperties, is a map to JSON text. Tuples (prefixItems, or items as an array) are
 *       JSON text; an array without items is a list of JSON text. Formats other than date-time,
 *       date and uuid are plain strings. {type: null} alone is JSON text.</li>
 *   <li>$ref siblings are ignored, except "description": a value valid for the schema is valid for
 *       the $ref alone in every draft. $ref resolves JSON pointers, $anchor names, the $id of
 *       documents and embedded resources, and the registry references of the schema by name.</li>
 *   <li>A definition is recursive when it reaches itself through $ref; every $ref to it is JSON
 *       text. The root schema's own body is mapped even when it refers back to itself with "#".</li>
 *   <li>JSON text fields are always optional: a JSON null is a null, not the text "null".</li>
 *   <li>The Iceberg doc of a field is its schema's description, else that of the schema it wraps
 *       or refers to; fields without one have no doc.</li>
 *   <li>Field ids: the root object's properties are 1 to n in order; every other field, list
 *       element, map key and map value takes the next id after n, in the order the schema walk
 *       completes them.</li>
 *   <li>Schemas nesting deeper than 64 levels or expanding to more than 50,000 fields are
 *       unreadable.</li>
 * </ul>
 *
 * <p>Decoding is strict about types and never coerces: a value of another JSON type, an integer
 * written with a fraction or exponent (1.0, 1e3), an integer beyond a long, a number beyond a
 * double, a date-time that is not RFC 3339 with an offset (or is a leap second), a date that is not
 * yyyy-mm-dd, or a UUID that is not 8-4-4-4-12 hex digits make the payload undecodable, as do a
 * missing required property, null for a required field, a property or map key given twice, more
 * than one JSON value, invalid UTF-8 and nesting deeper than 64 levels. Properties the schema does
 * not name are skipped; null for an optional field is null. Date-times are normalised to UTC;
 * fraction digits beyond nanoseconds are dropped. Numbers in JSON text are kept as written.
 */
public final class JsonSchemaCompiler implements SchemaCompiler {
  private static final JsonFactory PAYLOADS = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxNestingDepth(JsonSchemaReader.MAX_DEPTH)
          .build())
      .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
      .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
      .build();

  /** JSON Schema has no time-of-day type ({@code format: time} keeps its text), so the options change nothing. */
  @Override
  public CompiledSchema compile(RegisteredSchema schema, MappingOptions options)
      throws UnreadableSchemaException {
    if (schema.type() != SchemaType.JSON) {
      throw new UnreadableSchemaException(
          "Cannot compile a " + schema.type() + " schema as a JSON Schema");
    }
    try {
      Definition root = JsonSchemaReader.read(SchemaDocuments.load(schema));
      RecursiveDefinitions.mark(root);
      Mapping mapping = JsonSchemaToDecoder.compile(root.schema(), PAYLOADS);
      return new CompiledJsonSchema(PAYLOADS, mapping.decoder(), mapping.nullable());
    } catch (RuntimeException e) {
      throw new UnreadableSchemaException("Cannot map the JSON Schema to Iceberg types: " + e, e);
    }
  }
}
