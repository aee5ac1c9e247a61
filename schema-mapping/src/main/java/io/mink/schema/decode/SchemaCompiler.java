package io.mink.schema.decode;

import io.mink.schema.registry.RegisteredSchema;

/** Compiles registry schemas of one language. For Protobuf, the schema's first message is compiled. */
public interface SchemaCompiler {
  CompiledSchema compile(RegisteredSchema schema) throws UnreadableSchemaException;
}
