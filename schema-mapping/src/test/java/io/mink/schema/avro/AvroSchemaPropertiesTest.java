package io.mink.schema.avro;

import static io.mink.schema.avro.AvroDecoderPropertiesTest.decodesOrIsRejected;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.GenericRecord;

/** Deep, recursive, very wide and malformed schemas: compile or are unreadable, and then decode or reject. */
class AvroSchemaPropertiesTest {
  private static final List<String> LEAVES = List.of(
      "\"int\"",
      "\"string\"",
      "\"bytes\"",
      "[\"null\",\"long\"]",
      "{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
      "{\"type\":\"string\",\"logicalType\":\"uuid\"}",
      "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":10,\"scale\":3}",
      "\"double\"",
      "\"boolean\"",
      "{\"type\":\"array\",\"items\":\"float\"}",
      "[\"int\",\"string\"]");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] TYPE_NAMES = {
    "null",
    "int",
    "long",
    "string",
    "bytes",
    "record",
    "enum",
    "fixed",
    "array",
    "map",
    "Everything",
    "test.Suit",
    "Node",
    "Line",
    "Tree"
  };
  private static final String[] LOGICAL_TYPES = {
    "decimal",
    "uuid",
    "date",
    "time-millis",
    "time-micros",
    "timestamp-millis",
    "timestamp-nanos",
    "local-timestamp-micros",
    "duration",
    "big-decimal",
    "unknown"
  };
  private static final String[] SIZES = {"precision", "scale", "size"};
  private static final int[] NUMBERS = {-1, 0, 1, 2, 12, 16, 38, 39, 1000, Integer.MAX_VALUE};

  private final AvroSchemaCompiler compiler = new AvroSchemaCompiler();

  @Property(tries = 1000)
  void nestedSchemaCompilesUnlessItsTypedPartNestsDeeperThan64AndItsPayloadsDecode(
      @ForAll @IntRange(min = 1, max = 90) int layers, @ForAll long seed) {
    Random random = new Random(seed);
    String type = LEAVES.get(random.nextInt(LEAVES.size()));
    boolean innerIsUnion = type.startsWith("[");
    int typedDepth = 0;
    for (int layer = 0; layer < layers; layer++) {
      int kind = random.nextInt(innerIsUnion ? 3 : 5);
      type = switch (kind) {
        case 0 ->
          "{\"type\":\"record\",\"name\":\"L" + layer + "\",\"fields\":[{\"name\":\"f\",\"type\":"
              + type + "},{\"name\":\"n\",\"type\":\"int\"}]}";
        case 1 -> "{\"type\":\"array\",\"items\":" + type + "}";
        case 2 -> "{\"type\":\"map\",\"values\":" + type + "}";
        case 3 -> "[\"null\"," + type + "]";
        default -> "[{\"type\":\"fixed\",\"name\":\"Pad" + layer + "\",\"size\":1}," + type + "]";
      };
      innerIsUnion = kind >= 3;
      typedDepth = kind == 4 ? 0 : kind == 3 ? typedDepth : typedDepth + 1;
    }

    try {
      CompiledSchema compiled = compiler.compile(RegisteredSchema.of(SchemaType.AVRO, type));
      assertThat(typedDepth).isLessThanOrEqualTo(AvroSchemaVisitor.MAX_DEPTH);
      byte[] payload =
          new RandomAvroData(seed).payload(((CompiledAvroSchema) compiled).avroSchema());
      decodesOrIsRejected((CompiledAvroSchema) compiled, payload, 0, payload.length);
      decodesOrIsRejected((CompiledAvroSchema) compiled, payload, 0, payload.length / 2);
    } catch (UnreadableSchemaException unreadable) {
      assertThat(typedDepth).isGreaterThan(AvroSchemaVisitor.MAX_DEPTH);
      assertThat(unreadable)
          .hasMessageStartingWith(
              "Avro schema nests records, arrays and maps deeper than 64 levels");
    }
  }

  @Property(tries = 300)
  void recursiveValueDecodesUpTo64LevelsAndIsRejectedBeyond(
      @ForAll @IntRange(min = 1, max = 150) int length) throws Exception {
    CompiledAvroSchema compiled = AvroPayloads.compile(AvroTestSchemas.LINKED_LIST);
    Schema node = compiled.avroSchema();
    GenericData.Record head = null;
    for (int i = length; i > 0; i--) {
      GenericData.Record next = new GenericData.Record(node);
      next.put("value", (long) i);
      next.put("next", head);
      head = next;
    }
    byte[] payload = AvroPayloads.write(node, head);

    if (length - 1 <= AvroCursor.MAX_DEPTH) {
      GenericRecord decoded = (GenericRecord) AvroPayloads.decode(compiled, payload);
      assertThat(decoded.getField("value")).isEqualTo(1L);
      assertThat((String) decoded.getField("next"))
          .startsWith(length == 1 ? "null" : "{\"value\":2,\"next\":");
    } else {
      decodesOrIsRejected(compiled, payload, 0, payload.length);
    }
  }

  @Property(tries = 60)
  void recordWithThousandsOfFieldsDecodes(
      @ForAll @IntRange(min = 1000, max = 2500) int fieldCount, @ForAll long seed)
      throws Exception {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder("{\"type\":\"record\",\"name\":\"Wide\",\"fields\":[");
    for (int i = 0; i < fieldCount; i++) {
      text.append(i == 0 ? "" : ",")
          .append("{\"name\":\"c")
          .append(i)
          .append("\",\"type\":")
          .append(LEAVES.get(random.nextInt(LEAVES.size())))
          .append('}');
    }
    CompiledAvroSchema compiled = AvroPayloads.compile(text.append("]}").toString());
    byte[] payload = new RandomAvroData(seed).payload(compiled.avroSchema());
    byte[] noise = new byte[random.nextInt(4000)];
    random.nextBytes(noise);

    assertThat(compiled.type().asStructType().fields()).hasSize(fieldCount);
    assertThat(((GenericRecord) AvroPayloads.decode(compiled, payload)).size())
        .isEqualTo(fieldCount);
    decodesOrIsRejected(compiled, noise, 0, noise.length);
  }

  @Property(tries = 1500)
  void schemaWithAnyFieldOfItsJsonChangedCompilesOrIsUnreadable(
      @ForAll @IntRange(min = 0, max = 7) int base,
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 4) int edits)
      throws Exception {
    Random random = new Random(seed);
    JsonNode root = JSON.readTree(AvroTestSchemas.ALL.get(base));
    for (int i = 0; i < edits; i++) {
      List<JsonNode> containers = new ArrayList<>();
      collectContainers(root, containers);
      if (!containers.isEmpty()) {
        mutate(containers.get(random.nextInt(containers.size())), random);
      }
    }

    compilesOrIsUnreadable(JSON.writeValueAsString(root), random);
  }

  @Property(tries = 1000)
  void anySchemaTextCompilesOrIsUnreadable(
      @ForAll @IntRange(min = 0, max = 7) int base,
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 6) int edits) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder(AvroTestSchemas.ALL.get(base));
    String[] tokens = {
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      "\"",
      "\"null\"",
      "\"int\"",
      "\"record\"",
      "\"type\"",
      "\"logicalType\"",
      "\"decimal\"",
      "-1",
      "99999999999",
      "\"precision\":",
      "\"size\":",
      "\"Everything\"",
      "\\u0000"
    };
    for (int i = 0; i < edits && text.length() > 0; i++) {
      int at = random.nextInt(text.length());
      switch (random.nextInt(3)) {
        case 0 -> text.delete(at, Math.min(text.length(), at + 1 + random.nextInt(12)));
        case 1 -> text.insert(at, tokens[random.nextInt(tokens.length)]);
        default -> text.setCharAt(at, (char) random.nextInt(128));
      }
    }

    compilesOrIsUnreadable(text.toString(), random);
  }

  private void compilesOrIsUnreadable(String text, Random random) {
    try {
      CompiledAvroSchema compiled =
          (CompiledAvroSchema) compiler.compile(RegisteredSchema.of(SchemaType.AVRO, text));
      byte[] noise = new byte[random.nextInt(64)];
      random.nextBytes(noise);
      decodesOrIsRejected(compiled, noise, 0, noise.length);
      byte[] payload = new RandomAvroData(random.nextLong()).payload(compiled.avroSchema());
      decodesOrIsRejected(compiled, payload, 0, payload.length);
    } catch (RandomAvroData.NoSmallValue impossibleToWrite) {
      assertThat(impossibleToWrite).hasMessageStartingWith("No small value");
    } catch (UnreadableSchemaException unreadable) {
      assertThat(unreadable.getMessage()).isNotBlank();
    }
  }

  private static void collectContainers(JsonNode node, List<JsonNode> containers) {
    if (node.isContainerNode()) {
      containers.add(node);
      node.forEach(child -> collectContainers(child, containers));
    }
  }

  private static void mutate(JsonNode node, Random random) {
    if (node instanceof ArrayNode array) {
      switch (random.nextInt(3)) {
        case 0 -> {
          if (!array.isEmpty()) {
            array.remove(random.nextInt(array.size()));
          }
        }
        case 1 -> {
          if (!array.isEmpty()) {
            array.add(array.get(random.nextInt(array.size())).deepCopy());
          }
        }
        default -> array.add(TYPE_NAMES[random.nextInt(TYPE_NAMES.length)]);
      }
      return;
    }
    ObjectNode object = (ObjectNode) node;
    switch (random.nextInt(5)) {
      case 0 -> {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        if (!keys.isEmpty()) {
          object.remove(keys.get(random.nextInt(keys.size())));
        }
      }
      case 1 -> object.put("type", TYPE_NAMES[random.nextInt(TYPE_NAMES.length)]);
      case 2 -> object.put("logicalType", LOGICAL_TYPES[random.nextInt(LOGICAL_TYPES.length)]);
      case 3 ->
        object.put(SIZES[random.nextInt(SIZES.length)], NUMBERS[random.nextInt(NUMBERS.length)]);
      default ->
        object.set(
            "type", JSON.createArrayNode().add("null").add(object.path("type").deepCopy()));
    }
  }
}
