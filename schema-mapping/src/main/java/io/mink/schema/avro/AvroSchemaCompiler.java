package io.mink.schema.avro;

import static java.util.Objects.requireNonNull;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import org.apache.avro.Schema;
import org.apache.iceberg.types.Type;

/**
 * Compiles registered Avro schemas (docs/type-mapping.md, Avro) into an Iceberg type and a decoder of
 * Avro binary payloads as Confluent's and Glue's serializers write them: one datum, no header.
 * The decoder reads the bytes itself, one small decoder object per schema node, straight into
 * Iceberg generic values. Stateless and safe to share.
 *
 * <p>Where the table is silent: the null type (or a union of null alone) is an optional string
 * that is always null; a union of one non-null type alone is that type, required; a logical type
 * the table does not list (big-decimal, custom ones) maps as its base type; time-millis and
 * time-micros map as the options' {@link io.mink.schema.decode.TimeOfDay} says; the JSON form of the
 * parts held as JSON is described in {@link AvroJsonWriters}. A schema whose records, arrays and
 * maps nest deeper than 64 levels, or whose named types expand to more than 100,000 fields, is
 * unreadable.
 */
public final class AvroSchemaCompiler implements SchemaCompiler {
  @Override
  public CompiledSchema compile(RegisteredSchema registered, MappingOptions options)
      throws UnreadableSchemaException {
    requireNonNull(registered, "registered is null");
    requireNonNull(options, "options is null");
    if (registered.type() != SchemaType.AVRO) {
      throw new UnreadableSchemaException(
          "Cannot compile a " + registered.type() + " schema as Avro");
    }
    Schema schema = AvroSchemaParser.parse(registered);
    try {
      Type type = AvroToIcebergType.convert(schema, options.timeOfDay());
      return new CompiledAvroSchema(schema, type, AvroDecoderBuilder.build(schema, type));
    } catch (RuntimeException | StackOverflowError e) {
      throw new UnreadableSchemaException(
          "Cannot map Avro schema " + schema.getFullName() + " to Iceberg: " + e.getMessage(), e);
    }
  }
}
