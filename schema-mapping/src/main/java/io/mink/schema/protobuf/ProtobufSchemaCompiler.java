package io.mink.schema.protobuf;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import org.apache.iceberg.types.Types;

/**
 * Compiles a registered .proto file (proto2 or proto3) into its first message's Iceberg struct and
 * a decoder of that message's binary payloads, mapping types by the Protobuf table of
 * docs/type-mapping.md. Imports resolve to the schema's references by import path, and to the
 * well-known types without references.
 *
 * <p>Values the payload leaves out: proto3 scalars and enums (no {@code optional}) are required
 * columns holding their default; proto2 and proto3 {@code optional} fields, oneof members and
 * messages are optional columns, null when absent (proto2 {@code [default = ...]} is not applied);
 * proto2 {@code required} fields are required columns and a payload without them does not decode;
 * repeated and map fields are optional columns holding an empty list or map when absent.
 */
public final class ProtobufSchemaCompiler implements SchemaCompiler {
  /** Protobuf has no time-of-day type, so the options change nothing. */
  @Override
  public CompiledSchema compile(RegisteredSchema schema, MappingOptions options)
      throws UnreadableSchemaException {
    LinkedProtoSchema linked = ProtoSchemaLoader.load(schema);
    try {
      Types.StructType struct = IcebergTypeVisitor.structOf(linked);
      StructReader reader = ValueReaderVisitor.readerOf(linked, struct);
      return new CompiledProtobufMessage(
          struct, reader, GlueMessageIndex.ofFirstMessage(linked.file()));
    } catch (RuntimeException | StackOverflowError e) {
      throw new UnreadableSchemaException(
          "Cannot map Protobuf message " + linked.firstMessage().getType() + " to an Iceberg type: "
              + e.getMessage(),
          e);
    }
  }
}
