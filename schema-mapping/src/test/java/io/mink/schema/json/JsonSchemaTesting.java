package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Schemas and payloads for the JSON Schema tests: payloads are written by Jackson, the reference writer. */
final class JsonSchemaTesting {
  static final ObjectMapper JACKSON = new ObjectMapper();
  static final JsonSchemaCompiler COMPILER = new JsonSchemaCompiler();

  private JsonSchemaTesting() {}

  static RegisteredSchema schema(String text, SchemaReference... references) {
    return new RegisteredSchema(SchemaType.JSON, text, List.of(references));
  }

  static SchemaReference reference(String name, String text, SchemaReference... references) {
    return new SchemaReference(name, name.replaceAll("\\W", "-"), 1, schema(text, references));
  }

  static CompiledSchema compile(String text, SchemaReference... references)
      throws UnreadableSchemaException {
    return COMPILER.compile(schema(text, references));
  }

  static byte[] written(Object value) {
    try {
      return JACKSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /** Decodes what Jackson writes for the value. */
  static Object decodeWritten(CompiledSchema compiled, Object value) throws UndecodableException {
    byte[] payload = written(value);
    return compiled.decode(payload, 0, payload.length);
  }

  /** Decodes JSON text given as it is, for payloads Jackson would not write. */
  static Object decodeText(CompiledSchema compiled, String json) throws UndecodableException {
    byte[] payload = json.getBytes(StandardCharsets.UTF_8);
    return compiled.decode(payload, 0, payload.length);
  }
}
