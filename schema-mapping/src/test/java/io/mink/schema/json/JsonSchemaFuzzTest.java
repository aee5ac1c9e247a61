package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.COMPILER;
import static io.mink.schema.json.JsonSchemaTesting.JACKSON;
import static io.mink.schema.json.JsonSchemaTesting.schema;
import static io.mink.schema.json.JsonSchemaTesting.written;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.data.GenericRecord;

/**
 * Whatever the bytes and whatever the schema text, compile throws nothing but
 * UnreadableSchemaException and decode nothing but UndecodableException (never its catch-all for
 * unexpected exceptions), and decoding allocates in proportion to the payload.
 */
class JsonSchemaFuzzTest {
  private static final String CATCH_ALL = "The payload could not be decoded";
  private static final List<String> SCHEMA_TEXTS = List.of(
      """
      {"type": "object", "required": ["sku", "price"], "properties": {
        "sku": {"type": "string"}, "price": {"type": "number"}, "stock": {"type": "integer"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "notes": {"type": "array", "items": {"type": ["string", "null"]}},
        "addedAt": {"type": "string", "format": "date-time"}, "addedOn": {"type": "string", "format": "date"},
        "id": {"type": "string", "format": "uuid"}, "status": {"enum": ["NEW", "OLD"]},
        "attrs": {"type": "object", "additionalProperties": {"type": "integer"}},
        "maybe": {"oneOf": [{"type": "null"}, {"type": "boolean"}]}, "extra": {},
        "dims": {"type": "object", "required": ["w"], "properties": {"w": {"type": "number"}, "h": {"type": "number"}}}}}""",
      """
      {"type": "array", "items": {"type": "object", "required": ["a"],
        "properties": {"a": {"type": "integer"}, "b": {"type": ["string", "null"]}}}}""",
      """
      {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "number"}}}""",
      """
      {"type": "object", "required": ["name"],
       "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}""",
      """
      {"type": "object", "properties": {"home": {"$ref": "#/definitions/address"}, "when": {"$ref": "#/$defs/day"}},
       "definitions": {"address": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
       "$defs": {"day": {"type": "string", "format": "date"}}}""",
      "{\"type\": \"string\", \"format\": \"date-time\"}",
      "{\"type\": \"integer\"}",
      "{}");
  private static final List<CompiledSchema> SCHEMAS =
      SCHEMA_TEXTS.stream().map(JsonSchemaFuzzTest::compiled).toList();
  private static final List<JsonNode> SCHEMA_NODES =
      SCHEMA_TEXTS.stream().map(JsonSchemaFuzzTest::parsed).toList();
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @Provide
  Arbitrary<Integer> schemas() {
    return Arbitraries.integers().between(0, SCHEMAS.size() - 1);
  }

  @Provide
  Arbitrary<String> jsonLikeText() {
    return Arbitraries.strings()
        .withChars("{}[]\":,0123456789.-+eE \\tnrufalsxyzé")
        .ofMaxLength(200);
  }

  @Property(tries = 2500)
  void anyBytesDecodeOrAreRejected(
      @ForAll("schemas") int schema, @ForAll @Size(max = 300) byte[] bytes) {
    decodesOrIsRejected(SCHEMAS.get(schema), bytes, 0, bytes.length);
  }

  @Property(tries = 2000)
  void jsonLikeTextDecodesOrIsRejected(
      @ForAll("schemas") int schema, @ForAll("jsonLikeText") String text) {
    byte[] payload = text.getBytes(StandardCharsets.UTF_8);
    decodesOrIsRejected(SCHEMAS.get(schema), payload, 0, payload.length);
  }

  @Property(tries = 1000)
  void validPayloadDecodesAndEveryTruncationOfItDecodesOrIsRejected(
      @ForAll("schemas") int schema, @ForAll long seed) throws Exception {
    JsonNode node = SCHEMA_NODES.get(schema);
    byte[] payload = written(new RandomJson(seed).validFor(node, node, 4));

    SCHEMAS.get(schema).decode(payload, 0, payload.length);
    for (int length = 0; length < payload.length; length++) {
      decodesOrIsRejected(SCHEMAS.get(schema), payload, 0, length);
    }
  }

  @Property(tries = 500)
  void validPayloadWithAByteChangedDecodesOrIsRejected(
      @ForAll("schemas") int schema, @ForAll long seed, @ForAll int position, @ForAll byte value) {
    JsonNode node = SCHEMA_NODES.get(schema);
    byte[] payload = written(new RandomJson(seed).validFor(node, node, 4));
    payload[Math.floorMod(position, payload.length)] = value;

    decodesOrIsRejected(SCHEMAS.get(schema), payload, 0, payload.length);
  }

  @Property(tries = 1500)
  void documentWrittenForAnotherSchemaDecodesOrIsRejected(
      @ForAll("schemas") int writer, @ForAll("schemas") int reader, @ForAll long seed) {
    JsonNode node = SCHEMA_NODES.get(writer);
    RandomJson random = new RandomJson(seed);
    byte[] payload = written(random.validFor(node, node, 4));
    byte[] framed = new byte[payload.length + 10];
    System.arraycopy(payload, 0, framed, 5, payload.length);

    decodesOrIsRejected(SCHEMAS.get(reader), framed, 5, payload.length);
    byte[] other = written(random.anyValue(5));
    decodesOrIsRejected(SCHEMAS.get(reader), other, 0, other.length);
  }

  @Property(tries = 300)
  void nestedSchemasCompileUpToSixtyFourLevelsAndDecodeOrRejectPayloadsOfAnyNesting(
      @ForAll @IntRange(min = 1, max = 120) int schemaDepth,
      @ForAll @IntRange(max = 130) int payloadDepth)
      throws Exception {
    String text = "{\"type\": \"object\", \"properties\": {\"a\": ".repeat(schemaDepth)
        + "{\"type\": \"integer\"}" + "}}".repeat(schemaDepth);
    byte[] payload = ("{\"a\": ".repeat(payloadDepth) + "1" + "}".repeat(payloadDepth))
        .getBytes(StandardCharsets.UTF_8);
    CompiledSchema compiled;
    try {
      compiled = COMPILER.compile(schema(text));
    } catch (UnreadableSchemaException e) {
      assertThat(schemaDepth).isGreaterThan(63);
      assertThat(e)
          .hasMessageStartingWith(
              "The schema nests deeper than 64 levels at #/properties/a/properties/a");
      return;
    }
    assertThat(schemaDepth).isLessThanOrEqualTo(63);
    decodesOrIsRejected(compiled, payload, 0, payload.length);
    decodesOrIsRejected(SCHEMAS.get(SCHEMAS.size() - 1), payload, 0, payload.length);
    if (payloadDepth == schemaDepth) {
      assertThat(compiled.decode(payload, 0, payload.length)).isInstanceOf(GenericRecord.class);
    }
  }

  @Property(tries = 300)
  void recursiveSchemaDecodesOrRejectsTreesOfAnyDepth(
      @ForAll @IntRange(max = 40) int depth, @ForAll long seed) throws Exception {
    Random random = new Random(seed);
    Map<String, Object> tree = Map.of("name", "leaf");
    for (int level = 0; level < depth; level++) {
      tree = Map.of(
          "name",
          "n" + level,
          "children",
          level > 8 || random.nextBoolean() ? List.of(tree) : List.of(tree, tree));
    }
    byte[] payload = written(tree);
    CompiledSchema recursive = SCHEMAS.get(3);

    decodesOrIsRejected(recursive, payload, 0, payload.length);
    if (depth < 30) {
      assertThat(recursive.decode(payload, 0, payload.length)).isInstanceOf(GenericRecord.class);
    }
  }

  @Property(tries = 100)
  void schemaWithThousandsOfPropertiesDecodesEveryOneOfThem(
      @ForAll @IntRange(min = 1, max = 2000) int count, @ForAll long seed) throws Exception {
    StringBuilder text = new StringBuilder("{\"type\": \"object\", \"properties\": {");
    Map<String, Object> value = new LinkedHashMap<>();
    Random random = new Random(seed);
    for (int i = 0; i < count; i++) {
      text.append(i == 0 ? "" : ", ").append("\"p").append(i).append("\": {\"type\": \"integer\"}");
      if (random.nextBoolean()) {
        value.put("p" + random.nextInt(count), (long) i);
      }
    }
    CompiledSchema compiled = COMPILER.compile(schema(text.append("}}").toString()));
    byte[] payload = written(value);

    GenericRecord record = (GenericRecord) compiled.decode(payload, 0, payload.length);
    value.forEach((name, number) -> assertThat(record.getField(name)).isEqualTo(number));
  }

  @Property(tries = 1500)
  void anySchemaCompilesOrIsUnreadable(@ForAll long seed) throws Exception {
    RandomJson random = new RandomJson(seed);
    String text = JACKSON.writeValueAsString(random.anySchema());
    CompiledSchema compiled;
    try {
      compiled = COMPILER.compile(schema(text));
    } catch (UnreadableSchemaException e) {
      assertThat(e.getMessage()).doesNotStartWith("Cannot map the JSON Schema");
      return;
    }
    assertThat(compiled.type()).isNotNull();
    for (int i = 0; i < 3; i++) {
      byte[] payload = written(random.anyValue(4));
      decodesOrIsRejected(compiled, payload, 0, payload.length);
    }
  }

  @Property(tries = 500)
  void anySchemaTextCompilesOrIsUnreadable(
      @ForAll("schemas") int schema,
      @ForAll int position,
      @ForAll char replacement,
      @ForAll String noise) {
    String valid = SCHEMA_TEXTS.get(schema);
    int at = Math.floorMod(position, valid.length());
    for (String text : List.of(
        valid.substring(0, at) + replacement + valid.substring(at + 1),
        valid.substring(0, at),
        noise)) {
      try {
        COMPILER.compile(schema(text));
      } catch (UnreadableSchemaException e) {
        assertThat(e.getMessage()).doesNotStartWith("Cannot map the JSON Schema");
      }
    }
  }

  @Property(tries = 500)
  void decodingAllocatesInProportionToThePayload(
      @ForAll("schemas") int schema, @ForAll long seed, @ForAll @Size(max = 200) byte[] noise) {
    byte[] payload = noise;
    if (seed % 2 == 0) {
      payload = written(new RandomJson(seed).anyValue(6));
    }
    CompiledSchema compiled = SCHEMAS.get(schema);
    decodesOrIsRejected(compiled, payload, 0, payload.length);

    long before = THREADS.getCurrentThreadAllocatedBytes();
    decodesOrIsRejected(compiled, payload, 0, payload.length);
    long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;

    assertThat(allocated).isLessThan(64 * 1024 + 64L * payload.length);
  }

  private static void decodesOrIsRejected(
      CompiledSchema compiled, byte[] payload, int offset, int length) {
    try {
      compiled.decode(payload, offset, length);
    } catch (UndecodableException e) {
      assertThat(e.getMessage()).doesNotStartWith(CATCH_ALL);
    }
  }

  private static CompiledSchema compiled(String text) {
    try {
      return COMPILER.compile(schema(text));
    } catch (UnreadableSchemaException e) {
      throw new AssertionError(e);
    }
  }

  private static JsonNode parsed(String text) {
    try {
      return JACKSON.readTree(text);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
