package io.mink.indexer.interop;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.TestHeader;
import io.mink.testkit.registry.FakeSchemaRegistry.Reference;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A golden file written by Confluent's JavaScript serializers: testing/testkit/src/test/js/confluent-golden
 * (see its README.md) against an empty FakeSchemaRegistry. It holds the schemas as the serializers
 * registered them, and per topic the records' bytes and headers exactly as the serializers wrote
 * them, with the values Mink must decode them into.
 */
record ConfluentJsGolden(SchemaType schemaType, List<Schema> schemas, List<Topic> topics) {
  private static final String DIRECTORY = "/golden/confluent-js/";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A subject version as the registry held it after generation; ids are not compared, GUIDs are. */
  record Schema(
      String subject,
      int version,
      UUID guid,
      SchemaType type,
      String text,
      List<Reference> references) {}

  /** What one topic's records were written with, and the Iceberg types some columns must have. */
  record Topic(
      String name,
      String description,
      Map<String, String> expectedTypes,
      List<KafkaRecord> records) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * One Kafka record: bytes and headers as written, and the decoded key and value columns Mink must
   * produce, or the reason a part stays raw.
   */
  record KafkaRecord(
      String name,
      byte[] key,
      byte[] value,
      List<TestHeader> headers,
      JsonNode expectedKey,
      JsonNode expectedValue,
      String expectedKeyRaw,
      String expectedValueRaw) {
    KafkaRecord {
      requireNonNull(name, "name is null");
      headers = List.copyOf(headers);
    }
  }

  static ConfluentJsGolden load(String file) {
    try (InputStream in = ConfluentJsGolden.class.getResourceAsStream(DIRECTORY + file)) {
      if (in == null) {
        throw new IllegalStateException(
            "No golden file " + DIRECTORY + file + " on the test classpath: "
                + "generate it as testing/testkit/src/test/js/confluent-golden/README.md says");
      }
      JsonNode root = JSON.readTree(in);
      List<Schema> schemas = new ArrayList<>();
      for (JsonNode schema : root.required("schemas")) {
        schemas.add(schema(schema));
      }
      List<Topic> topics = new ArrayList<>();
      for (JsonNode topic : root.required("topics")) {
        topics.add(topic(topic));
      }
      return new ConfluentJsGolden(
          SchemaType.valueOf(root.required("schemaType").asText()), schemas, topics);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the golden file " + DIRECTORY + file, e);
    }
  }

  /** The GUID a schema-id header names, or null when the header is not 0x01 and 16 bytes or more. */
  static UUID headerGuid(byte[] header) {
    if (header == null || header.length < 17 || header[0] != 1) {
      return null;
    }
    ByteBuffer buffer = ByteBuffer.wrap(header, 1, 16);
    return new UUID(buffer.getLong(), buffer.getLong());
  }

  private static Schema schema(JsonNode node) {
    List<Reference> references = new ArrayList<>();
    for (JsonNode reference : node.path("references")) {
      references.add(new Reference(
          reference.required("name").asText(),
          reference.required("subject").asText(),
          reference.required("version").asInt()));
    }
    return new Schema(
        node.required("subject").asText(),
        node.required("version").asInt(),
        UUID.fromString(node.required("guid").asText()),
        SchemaType.valueOf(node.required("schemaType").asText()),
        node.required("schema").asText(),
        references);
  }

  private static Topic topic(JsonNode node) {
    Map<String, String> types = new LinkedHashMap<>();
    node.path("expectedTypes")
        .properties()
        .forEach(entry -> types.put(entry.getKey(), entry.getValue().asText()));
    List<KafkaRecord> records = new ArrayList<>();
    for (JsonNode record : node.required("records")) {
      records.add(record(record));
    }
    return new Topic(
        node.required("name").asText(), node.path("description").asText(), types, records);
  }

  private static KafkaRecord record(JsonNode node) {
    List<TestHeader> headers = new ArrayList<>();
    for (JsonNode header : node.required("headers")) {
      headers.add(new TestHeader(header.required("key").asText(), bytes(header.get("value"))));
    }
    return new KafkaRecord(
        node.required("name").asText(),
        bytes(node.get("key")),
        bytes(node.get("value")),
        headers,
        node.get("expectedKey"),
        node.get("expectedValue"),
        text(node.get("expectedKeyRaw")),
        text(node.get("expectedValueRaw")));
  }

  private static byte[] bytes(JsonNode base64) {
    return base64 == null || base64.isNull() ? null : Base64.getDecoder().decode(base64.asText());
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }
}
