package io.mink.indexer.decoding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Where a table keeps the writer schemas its rounds fetched from the schema registry, and what such a file holds
 * (docs/layout.md, "Writer schemas"): one file per schema ref, {@code <table
 * location>/metadata/mink-writer-schemas/<kind>/<id>.json}, the schema's type, text and resolved references as
 * JSON, and the offsets from which the table's rounds had it ({@link KeptSchema#keptFrom}), such as {@code
 * {"type":"AVRO","text":"{...}","references":[],"keptFrom":{"0":120,"1":0}}}. A ref names one immutable schema, so a
 * file is written once and never changed.
 */
public final class WriterSchemaFiles {
  /** The folder under the table's location. */
  public static final String FOLDER = "metadata/mink-writer-schemas";

  private static final ObjectMapper JSON = new ObjectMapper();

  private WriterSchemaFiles() {}

  /**
   * The file of a ref under a table's location; empty for a schema the record carries itself, which no registry
   * holds and nothing keeps.
   */
  public static Optional<String> location(String tableLocation, SchemaRef ref) {
    String folder = withoutTrailingSlash(tableLocation) + "/" + FOLDER + "/";
    if (ref instanceof SchemaRef.ConfluentId id) {
      return Optional.of(folder + "confluent-id/" + Integer.toUnsignedString(id.id()) + ".json");
    }
    if (ref instanceof SchemaRef.SchemaGuid guid) {
      return Optional.of(folder + "confluent-guid/" + guid.guid() + ".json");
    }
    if (ref instanceof SchemaRef.GlueVersionId glue) {
      return Optional.of(folder + "glue-version/" + glue.schemaVersionId() + ".json");
    }
    return Optional.empty();
  }

  /** The file's bytes: UTF-8 JSON. */
  public static byte[] encode(KeptSchema kept) {
    ObjectNode node = node(kept.schema());
    kept.keptFrom().ifPresent(offsets -> {
      ObjectNode from = node.putObject("keptFrom");
      offsets.forEach((partition, offset) -> from.put(String.valueOf(partition), offset));
    });
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The schema a file holds.
   *
   * @throws IllegalArgumentException the bytes are not such a file, with what is wrong
   */
  public static KeptSchema decode(byte[] bytes) {
    try {
      JsonNode node = JSON.readTree(bytes);
      JsonNode from = node == null ? null : node.get("keptFrom");
      Optional<SortedMap<Integer, Long>> keptFrom = Optional.empty();
      if (from != null && !from.isNull()) {
        SortedMap<Integer, Long> offsets = new TreeMap<>();
        from.properties().forEach(entry -> {
          if (!entry.getValue().canConvertToLong()) {
            throw new IllegalArgumentException("keptFrom." + entry.getKey() + " is not an offset");
          }
          offsets.put(Integer.parseInt(entry.getKey()), entry.getValue().asLong());
        });
        keptFrom = Optional.of(offsets);
      }
      return new KeptSchema(schema(node), keptFrom);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a Mink writer schema file: " + e.getMessage(), e);
    }
  }

  private static ObjectNode node(RegisteredSchema schema) {
    ObjectNode node = JSON.createObjectNode();
    node.put("type", schema.type().name());
    node.put("text", schema.text());
    ArrayNode references = node.putArray("references");
    for (SchemaReference reference : schema.references()) {
      references
          .addObject()
          .put("name", reference.name())
          .put("subject", reference.subject())
          .put("version", reference.version())
          .set("schema", node(reference.schema()));
    }
    return node;
  }

  private static RegisteredSchema schema(JsonNode node) {
    JsonNode type = required(node, "type");
    JsonNode text = required(node, "text");
    List<SchemaReference> references = new ArrayList<>();
    JsonNode listed = node.get("references");
    if (listed != null && !listed.isNull()) {
      for (JsonNode reference : listed) {
        references.add(new SchemaReference(
            required(reference, "name").asText(),
            required(reference, "subject").asText(),
            required(reference, "version").asInt(),
            schema(required(reference, "schema"))));
      }
    }
    return new RegisteredSchema(SchemaType.valueOf(type.asText()), text.asText(), references);
  }

  private static JsonNode required(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("field " + field + " is missing");
    }
    return value;
  }

  private static String withoutTrailingSlash(String location) {
    return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
  }
}
