package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.JACKSON;
import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.written;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Decoding a JSON payload straight into a batch's columns gives the row the object path gives, and fails on the
 * same payloads with the same message: objects written by Jackson and by a writer of random whitespace, escapes
 * and number forms, with properties in random order, unknown properties of any shape, wrong types, faults,
 * truncations and changed bytes. Scalar properties of the payloads Jackson writes go through the sinks' scalar
 * setters, not as objects.
 */
class ObjectColumnDecoderPropertiesTest {
  private static final SchemaRef REF = new SchemaRef.ConfluentId(7);
  private static final List<String> SCHEMA_TEXTS = List.of("""
        {"type": "object", "required": ["id", "count"], "properties": {
          "id": {"type": "string", "format": "uuid"}, "count": {"type": "integer"}, "price": {"type": "number"},
          "ok": {"type": "boolean"}, "name": {"type": "string"}, "note": {"type": ["string", "null"]},
          "day": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"},
          "status": {"enum": ["NEW", "PAID"]}, "tags": {"type": "array", "items": {"type": "string"}},
          "dims": {"type": "object", "required": ["w"],
                   "properties": {"w": {"type": "number"}, "h": {"type": ["integer", "null"]}}},
          "attrs": {"type": "object", "additionalProperties": {"type": "integer"}}, "extra": {},
          "maybe": {"oneOf": [{"type": "null"}, {"type": "boolean"}]}, "ünï": {"type": "integer"},
          "big": {"type": ["integer", "null"]}, "ratio": {"type": ["number", "null"]}}}\
        """, """
        {"type": ["object", "null"], "required": ["a"], "properties": {
          "a": {"type": ["integer", "null"]}, "b": {"type": "number"}, "s": {"type": "string"},
          "q\\"uote": {"type": "boolean"}, "tab\\t": {"type": "string"}, "é": {"type": "string"}}}\
        """, """
        {"type": "object", "required": ["name"], "properties": {
          "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}\
        """, """
        {"type": "object", "properties": {"home": {"$ref": "#/definitions/address"}, "when": {"$ref": "#/$defs/day"}},
         "definitions": {"address": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
         "$defs": {"day": {"type": "string", "format": "date"}}}\
        """, manyProperties());
  private static final List<CompiledSchema> SCHEMAS =
      SCHEMA_TEXTS.stream().map(ObjectColumnDecoderPropertiesTest::compiled).toList();
  private static final List<JsonNode> NODES =
      SCHEMA_TEXTS.stream().map(ObjectColumnDecoderPropertiesTest::parsed).toList();
  private static final Map<Class<?>, String> SCALAR_SETTERS = Map.of(
      LongDecoder.class, "setLong",
      DoubleDecoder.class, "setDouble",
      BooleanDecoder.class, "setBoolean",
      StringDecoder.class, "setText");
  private static final List<String> UNKNOWN =
      List.of("zz", "sku", "a\u0001", "kids", "ünknown", "");

  @Provide
  Arbitrary<Integer> schemas() {
    return Arbitraries.integers().between(0, SCHEMAS.size() - 1);
  }

  @Provide
  Arbitrary<String> jsonLikeText() {
    return Arbitraries.strings()
        .withChars("{}[]\":,0123456789.-+eE \\tnrufalsxyzé\"")
        .ofMaxLength(120)
        .map(text -> "{\"count\": 1, \"id\": \"0f8fad5b-d9cb-469f-a165-70867728950e\"," + text);
  }

  @Property(tries = 1500)
  void objectsJacksonWritesGiveTheObjectPathsRowThroughScalarSetters(
      @ForAll("schemas") int schema, @ForAll long seed) throws Exception {
    Random random = new Random(seed);
    Object value = value(schema, random, false);
    byte[] payload = written(value);

    assertSameColumns(SCHEMAS.get(schema), payload);
    assertSameRow(SCHEMAS.get(schema), payload);
    if (value instanceof Map<?, ?> map
        && map.keySet().stream().noneMatch(name -> escaped((String) name))) {
      assertScalarsGoStraight(SCHEMAS.get(schema), payload);
    }
  }

  @Property(tries = 1500)
  void anySpellingOfAnObjectGivesTheObjectPathsRow(@ForAll("schemas") int schema, @ForAll long seed)
      throws Exception {
    Random random = new Random(seed);
    byte[] payload = new RandomJsonText(random, RandomJsonText.Fault.NONE, 0)
        .write(value(schema, random, false));

    assertSameColumns(SCHEMAS.get(schema), payload);
    assertSameRow(SCHEMAS.get(schema), payload);
  }

  @Property(tries = 2000)
  void faultyObjectsFailWhereTheObjectPathFails(
      @ForAll("schemas") int schema, @ForAll RandomJsonText.Fault fault, @ForAll long seed)
      throws Exception {
    Random random = new Random(seed);
    byte[] payload = new RandomJsonText(random, fault, 0.05).write(value(schema, random, true));

    assertSameColumns(SCHEMAS.get(schema), payload);
    assertSameRow(SCHEMAS.get(schema), payload);
  }

  @Property(tries = 1000)
  void truncatedAndChangedPayloadsFailWhereTheObjectPathFails(
      @ForAll("schemas") int schema, @ForAll long seed, @ForAll int position, @ForAll byte value)
      throws Exception {
    Random random = new Random(seed);
    byte[] payload = written(value(schema, random, false));
    int at = Math.floorMod(position, payload.length);

    assertSameColumns(SCHEMAS.get(schema), Arrays.copyOf(payload, at));
    payload[at] = value;
    assertSameColumns(SCHEMAS.get(schema), payload);
    assertSameRow(SCHEMAS.get(schema), payload);
  }

  @Property(tries = 1000)
  void anyBytesAndJsonLikeTextFailWhereTheObjectPathFails(
      @ForAll("schemas") int schema,
      @ForAll @Size(max = 200) byte[] bytes,
      @ForAll("jsonLikeText") String text)
      throws Exception {
    assertSameColumns(SCHEMAS.get(schema), bytes);
    assertSameColumns(SCHEMAS.get(schema), text.getBytes(StandardCharsets.UTF_8));
    assertSameColumns(SCHEMAS.get(0), text.getBytes(StandardCharsets.UTF_8));
  }

  @Example
  void edgeCasesOfTheObjectPathHoldForColumns() throws Exception {
    String id = "\"id\": \"0f8fad5b-d9cb-469f-a165-70867728950e\"";
    List<String> objects = new ArrayList<>();
    for (String count : List.of(
        "0",
        "-0",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "-9223372036854775809",
        "1.0",
        "1e2",
        "01",
        "\"1\"",
        "null",
        "true")) {
      objects.add("{" + id + ", \"count\": " + count + "}");
    }
    for (String price : List.of(
        "-0",
        "-0.0",
        "1E400",
        "1e-400",
        "12345678901234567890123",
        "4.9e-324",
        "0.1e1",
        "null",
        "\"1\"")) {
      objects.add("{" + id + ", \"count\": 1, \"price\": " + price + "}");
    }
    for (String name : List.of(
        "\"\\ud800\"",
        "\"\\udc00x\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\\ud83d\\ude00\"",
        "\"\\u00e9\\n\\/\"",
        "\"\u00e9\ud83d\ude00\"",
        "\"a\\x\"",
        "\"\u0001\"",
        "\"\\uD83Dz\"")) {
      objects.add("{" + id + ", \"count\": 1, \"name\": " + name + "}");
    }
    for (String date :
        List.of("\"2024-02-29\"", "\"2023-02-29\"", "\"2024\\u002d05-01\"", "\"2024-05-01 \"")) {
      objects.add("{" + id + ", \"count\": 1, \"day\": " + date + "}");
    }
    objects.addAll(List.of(
        "{\"count\": 1}",
        "{" + id + "}",
        "{" + id + ", \"count\": 1, \"count\": 1}",
        "{" + id + ", \"count\": 1, \"zz\": 1, \"zz\": [1, {\"a\": [true, null]}]}",
        "{" + id + ", \"\\u0063ount\": 1}",
        "{" + id + ", \"count\": 1, \"at\": \"2024-05-01T12:30:00.123456789+02:00\"}",
        "{" + id + ", \"count\": 1, \"dims\": {\"h\": 1}}",
        "{" + id + ", \"count\": 1, \"dims\": {\"w\": 1, \"w\": 2}}",
        "{" + id + ", \"count\": 1, \"tags\": [\"a\", null]}",
        "{" + id + ", \"count\": 1, \"extra\": {\"n\": 1.50e+1, \"s\": \"\\u00e9\"}}",
        "\ufeff{" + id + ", \"count\": 1}",
        "{" + id + ", \"count\": 1} ",
        "{" + id + ", \"count\": 1}x",
        "{" + id + ", \"count\": 1} {}",
        "{" + id + ", \"count\": 1,}",
        "{" + id + " \"count\": 1}",
        "{" + id + ", \"count\": 1, \"zz\": " + "[".repeat(70) + "]".repeat(70) + "}",
        "{" + id + ", \"count\": 1, \"zz\": " + "[".repeat(62) + "]".repeat(62) + "}",
        "null",
        "[]",
        "",
        " \t\r\n"));
    for (String object : objects) {
      byte[] payload = object.getBytes(StandardCharsets.UTF_8);
      assertSameColumns(SCHEMAS.get(0), payload);
      assertSameRow(SCHEMAS.get(0), payload);
    }
    assertSameColumns(SCHEMAS.get(1), "null".getBytes(StandardCharsets.UTF_8));
    assertSameRow(SCHEMAS.get(1), "null".getBytes(StandardCharsets.UTF_8));
  }

  @Example
  void onlySchemasWhoseTopLevelIsAnObjectDecodeIntoColumns() throws Exception {
    assertThat(SCHEMAS).allMatch(CompiledSchema::decodesIntoColumns);
    for (String text : List.of(
        "{\"type\": \"array\", \"items\": {\"type\": \"integer\"}}",
        "{\"type\": \"integer\"}",
        "{\"type\": \"object\", \"additionalProperties\": {\"type\": \"integer\"}}",
        "{\"oneOf\": [{\"type\": \"integer\"}, {\"type\": \"string\"}]}")) {
      CompiledSchema schema = compile(text);
      assertThat(schema.decodesIntoColumns()).isFalse();
      assertThat(schema.columnDecoder(List.of())).isEmpty();
    }
  }

  /** A value for the schema, its properties shuffled, with unknown ones and (with faults) wrong or missing ones. */
  @SuppressWarnings("unchecked")
  private static Object value(int schema, Random random, boolean faults) {
    JsonNode node = NODES.get(schema);
    RandomJson values = new RandomJson(random.nextLong());
    Object value = values.validFor(node, node, 3);
    if (!(value instanceof Map)) {
      return value;
    }
    List<Map.Entry<String, Object>> entries =
        new ArrayList<>(((Map<String, Object>) value).entrySet());
    for (int i = random.nextInt(3); i > 0; i--) {
      entries.add(
          new SimpleEntry<>(UNKNOWN.get(random.nextInt(UNKNOWN.size())), values.anyValue(3)));
    }
    if (faults && !entries.isEmpty() && random.nextInt(4) == 0) {
      int at = random.nextInt(entries.size());
      if (random.nextBoolean()) {
        entries.remove(at);
      } else {
        entries.set(at, new SimpleEntry<>(entries.get(at).getKey(), values.anyValue(2)));
      }
    }
    if (random.nextBoolean()) {
      Collections.shuffle(entries, random);
    }
    Map<String, Object> shuffled = new LinkedHashMap<>();
    entries.forEach(entry -> shuffled.put(entry.getKey(), entry.getValue()));
    return shuffled;
  }

  /** The values the column decoder hands each sink are those of the object path's record, or both fail alike. */
  private static void assertSameColumns(CompiledSchema schema, byte[] payload) {
    Recording[] sinks = recordingSinks(schema);
    ColumnDecoder decoder = schema.columnDecoder(List.of(sinks)).orElseThrow();
    Record expected;
    String failure = null;
    try {
      expected = (Record) schema.decode(payload, 0, payload.length);
    } catch (UndecodableException e) {
      expected = null;
      failure = e.getMessage();
    }
    try {
      decoder.decode(3, payload, 0, payload.length);
      assertThat(failure).as("the object path's failure").isNull();
    } catch (UndecodableException e) {
      assertThat(e.getMessage()).isEqualTo(failure);
      return;
    }
    for (int i = 0; i < sinks.length; i++) {
      Object want = expected == null ? null : expected.get(i);
      Object got = sinks[i].value;
      if (want instanceof String text && got instanceof byte[] utf8) {
        assertThat(utf8).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
      } else {
        assertThat(got).as("property %d", i).isEqualTo(want);
      }
    }
  }

  /** Whether Jackson escapes a property name: only names it writes unescaped are matched without the object path. */
  private static boolean escaped(String name) {
    return name.chars().anyMatch(c -> c == '"' || c == '\\' || c < 0x20);
  }

  /**
   * Longs, doubles, booleans and strings of a payload Jackson wrote, without escaped names, arrive through the
   * scalar setters; only other properties come as values.
   */
  private static void assertScalarsGoStraight(CompiledSchema schema, byte[] payload)
      throws Exception {
    Recording[] sinks = recordingSinks(schema);
    schema.columnDecoder(List.of(sinks)).orElseThrow().decode(0, payload, 0, payload.length);
    StructDecoder object = (StructDecoder) ((CompiledJsonSchema) schema).root();
    for (int i = 0; i < sinks.length; i++) {
      ValueDecoder property = object.field(i);
      boolean scalar = property instanceof LongDecoder
          || property instanceof DoubleDecoder
          || property instanceof BooleanDecoder
          || property instanceof StringDecoder;
      if (sinks[i].value != null) {
        assertThat(sinks[i].setter)
            .as("the setter of %s", object.name(i))
            .isEqualTo(scalar ? SCALAR_SETTERS.get(property.getClass()) : "setValue");
      }
    }
  }

  /** The batch built straight from the payload equals the batch built from the object path's result. */
  private static void assertSameRow(CompiledSchema schema, byte[] payload) {
    Schema columns = table(schema).schema();
    ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("orders", 0, 5L, null, payload);
    BatchAssembler direct = new BatchAssembler(columns, 1);
    PartResult placed = direct.append(
        record, PartResult.ABSENT, new PartResult.Encoded(REF, schema, payload, 0, payload.length));
    BatchAssembler objects = new BatchAssembler(columns, 1);
    PartResult expected;
    try {
      expected = new PartResult.Decoded(REF, schema, schema.decode(payload, 0, payload.length));
    } catch (UndecodableException e) {
      expected = new PartResult.Raw(RawReason.UNDECODABLE_BYTES, Objects.toString(e.getMessage()));
    }
    objects.append(record, PartResult.ABSENT, expected);

    if (expected instanceof PartResult.Raw) {
      assertThat(placed).isEqualTo(expected);
    } else {
      assertThat(placed).isInstanceOf(PartResult.Encoded.class);
    }
    try (RowBatch got = direct.finish();
        RowBatch want = objects.finish()) {
      assertThat(got.toRecords()).isEqualTo(want.toRecords());
    }
  }

  private static Recording[] recordingSinks(CompiledSchema schema) {
    Recording[] sinks = new Recording[schema.type().asStructType().fields().size()];
    Arrays.setAll(sinks, i -> new Recording());
    return sinks;
  }

  /** A sink that keeps the one value it was given and the setter it came through. */
  private static final class Recording implements FieldSink {
    private String setter;
    private Object value;

    private void set(String how, Object what) {
      assertThat(setter).as("a second value for the row, through " + how).isNull();
      setter = how;
      value = what;
    }

    @Override
    public void setNull(int row) {
      set("setNull", null);
    }

    @Override
    public void setInt(int row, int value) {
      set("setInt", value);
    }

    @Override
    public void setLong(int row, long value) {
      set("setLong", value);
    }

    @Override
    public void setFloat(int row, float value) {
      set("setFloat", value);
    }

    @Override
    public void setDouble(int row, double value) {
      set("setDouble", value);
    }

    @Override
    public void setBoolean(int row, boolean value) {
      set("setBoolean", value);
    }

    @Override
    public void setText(int row, byte[] utf8, int offset, int length) {
      set("setText", Arrays.copyOfRange(utf8, offset, offset + length));
    }

    @Override
    public void setValue(int row, Object value) {
      assertThat(value).isNotNull();
      set("setValue", value);
    }
  }

  private static TableSchema table(CompiledSchema schema) {
    MergeResult result =
        SchemaMerge.mergeValue(TableSchema.initial(KafkaColumns.SCHEMA), schema.type());
    if (!(result instanceof MergeResult.Merged merged)) {
      throw new IllegalArgumentException("Cannot merge " + schema.type() + ": " + result);
    }
    return merged.table();
  }

  private static String manyProperties() {
    StringBuilder text = new StringBuilder(
        "{\"type\": \"object\", \"required\": [\"p3\", \"p70\"], \"properties\": {");
    String[] types = {
      "\"integer\"", "\"number\"", "\"string\"", "\"boolean\"", "[\"string\", \"null\"]"
    };
    for (int i = 0; i < 80; i++) {
      text.append(i == 0 ? "" : ", ")
          .append("\"p")
          .append(i)
          .append("\": {\"type\": ")
          .append(types[i % types.length])
          .append('}');
    }
    return text.append("}}").toString();
  }

  private static CompiledSchema compiled(String text) {
    try {
      return compile(text);
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
