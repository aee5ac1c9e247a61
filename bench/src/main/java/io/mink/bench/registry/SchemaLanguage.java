package io.mink.bench.registry;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaCompiler;
import io.mink.schema.protobuf.ProtobufSchemaCompiler;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import java.util.function.Supplier;

/** A schema language of the benchmark: the {@link Order} schema in it, its reference writer and Mink's compiler. */
enum SchemaLanguage {
  AVRO("Avro", SchemaType.AVRO, OrderSchemas.AVRO, AvroOrderWriter::new, AvroSchemaCompiler::new),
  PROTOBUF("Protobuf", SchemaType.PROTOBUF, OrderSchemas.PROTOBUF, ProtobufOrderWriter::new,
      ProtobufSchemaCompiler::new),
  JSON("JSON Schema", SchemaType.JSON, OrderSchemas.JSON, JsonOrderWriter::new, JsonSchemaCompiler::new);

  private final String displayName;
  private final SchemaType type;
  private final String schemaText;
  private final Supplier<PayloadWriter> writer;
  private final Supplier<SchemaCompiler> compiler;

  SchemaLanguage(String displayName, SchemaType type, String schemaText, Supplier<PayloadWriter> writer,
      Supplier<SchemaCompiler> compiler) {
    this.displayName = displayName;
    this.type = type;
    this.schemaText = schemaText;
    this.writer = writer;
    this.compiler = compiler;
  }

  String displayName() {
    return displayName;
  }

  RegisteredSchema registered() {
    return RegisteredSchema.of(type, schemaText);
  }

  PayloadWriter newWriter() {
    return writer.get();
  }

  /** The Order schema compiled by Mink, as its decoders compile it once per schema id. */
  CompiledSchema compile() {
    try {
      return compiler.get().compile(registered());
    } catch (UnreadableSchemaException e) {
      throw new IllegalStateException("Mink cannot compile the benchmark's " + displayName + " schema: "
          + e.getMessage(), e);
    }
  }
}
