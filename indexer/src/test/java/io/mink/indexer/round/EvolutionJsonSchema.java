package io.mink.indexer.round;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * An {@link EvolutionType} as a draft-07 JSON Schema: structs are objects with "properties" and
 * "required", lists arrays with "items", maps objects with only "additionalProperties"; int and
 * long are "integer", float and double "number". Payloads are the value's JSON text, written by
 * Jackson as Confluent's JSON Schema serializer writes it.
 */
final class EvolutionJsonSchema implements EvolutionLanguage.Writer {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String text;

  EvolutionJsonSchema(EvolutionType type) {
    ObjectNode schema =
        NODES.objectNode().put("$schema", "http://json-schema.org/draft-07/schema#");
    if (type instanceof EvolutionType.Struct struct) {
      schema.put("title", struct.name());
    }
    schema.setAll(render(type));
    this.text = schema.toString();
  }

  @Override
  public String schemaText() {
    return text;
  }

  @Override
  public byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode render(EvolutionType type) {
    if (type instanceof EvolutionType.Primitive primitive) {
      return NODES
          .objectNode()
          .put(
              "type",
              switch (primitive) {
                case INT, LONG -> "integer";
                case FLOAT, DOUBLE -> "number";
                case STRING -> "string";
              });
    }
    if (type instanceof EvolutionType.ListOf list) {
      ObjectNode array = NODES.objectNode().put("type", "array");
      array.set("items", render(list.element()));
      return array;
    }
    if (type instanceof EvolutionType.MapOf map) {
      if (map.key() != EvolutionType.Primitive.STRING) {
        throw new IllegalArgumentException("JSON object keys are strings, not " + map.key());
      }
      ObjectNode object = NODES.objectNode().put("type", "object");
      object.set("additionalProperties", render(map.value()));
      return object;
    }
    if (type instanceof EvolutionType.Struct struct) {
      ObjectNode properties = NODES.objectNode();
      ArrayNode required = NODES.arrayNode();
      for (EvolutionType.Field field : struct.fields()) {
        ObjectNode property = render(field.type());
        if (field.doc() != null) {
          property.put("description", field.doc());
        }
        properties.set(field.name(), property);
        if (field.required()) {
          required.add(field.name());
        }
      }
      ObjectNode object = NODES.objectNode().put("type", "object");
      object.set("properties", properties);
      object.set("required", required);
      return object;
    }
    throw new IllegalArgumentException("JSON Schema has no " + type);
  }
}
