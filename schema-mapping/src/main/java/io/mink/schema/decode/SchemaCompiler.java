package io.mink.schema.decode;

import io.mink.schema.registry.RegisteredSchema;

/** Compiles registry schemas of one language. For Protobuf, the schema's first message is compiled. */
public interface SchemaCompiler {
  CompiledSchema compile(RegisteredSchema schema, MappingOptions options)
      throws UnreadableSchemaException;

  /** Compiles the schema as a table without options maps it. */
  default CompiledSchema compile(RegisteredSchema schema) throws UnreadableSchemaException {
    return compile(schema, MappingOptions.DEFAULT);
  }
}
