package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The schemas, payloads and row comparison shared by the Protobuf column decoder's property tests: each payload is
 * appended to one batch straight into columns and to another as the object path decodes it.
 */
final class ProtobufColumnCases {
  static final String SCALARS = """
      syntax = "proto3";
      package columns;
      message Scalars {
        int32 i32 = 1; sint32 s32 = 2; sfixed32 sf32 = 3; uint32 u32 = 4; fixed32 fx32 = 5;
        int64 i64 = 6; sint64 s64 = 7; sfixed64 sf64 = 8; uint64 u64 = 9; fixed64 fx64 = 10;
        float f = 11; double d = 12; bool b = 13; string s = 14; bytes by = 15; Level level = 16;
        optional int32 maybe_i32 = 17;
        optional string maybe_s = 18;
        optional Level maybe_level = 19;
        optional double maybe_d = 20;
        optional bool maybe_b = 21;
        optional uint32 maybe_u32 = 22;
        oneof choice {
          int64 a = 23;
          string text = 24;
          Level c = 25;
          float e = 26;
          Part part = 27;
        }
        repeated int32 many = 28;
        repeated string words = 29;
        Part single = 30;
      }
      message Part {
        int32 x = 1;
        string y = 2;
        repeated int64 z = 3;
      }
      enum Level {
        LEVEL_UNSPECIFIED = 0;
        LOW = 1;
        HIGH = 2;
        BELOW = -3;
        HUGE = 1000000;
      }
      """;
  static final String LEGACY = """
      syntax = "proto2";
      package legacy;
      message Legacy {
        required int64 id = 1;
        required string name = 2;
        optional int32 count = 3 [default = 7];
        optional Kind kind = 4;
        optional bool flag = 5;
        optional float ratio = 6;
        optional sint64 delta = 7;
        optional fixed32 crc = 8;
        required Kind must_kind = 9;
        optional Sub sub = 10;
        repeated double xs = 11 [packed = true];
        repeated sint32 ys = 12;
        oneof pick {
          string p_text = 13;
          int32 p_int = 14;
          Sub p_sub = 15;
        }
        map<string, int32> counts = 16;
        required Sub must_sub = 17;
        optional string far = 100000;
        optional double farther = 536870911;
      }
      message Sub {
        required int32 a = 1;
        optional string b = 2;
      }
      enum Kind {
        ALPHA = 5;
        BETA = -2;
        GAMMA = 9;
      }
      """;
  static final SchemaRef REF = new SchemaRef.ConfluentId(7);
  static final List<Case> CASES = List.of(
      new Case(ProtoFixture.of(SCALARS), "Scalars"),
      new Case(ProtoFixture.of(LEGACY), "Legacy"),
      new Case(ProtoFixture.of(ProtobufDecoderPropertiesTest.RICH), "Root"),
      new Case(ProtoFixture.of(ProtobufDecoderPropertiesTest.otherSchema()), "Other"),
      new Case(ProtoFixture.of(ProtobufWireFormatTest.SAMPLE_SCHEMA), "Sample"));
  static final Case WIDE =
      new Case(ProtoFixture.of(ProtobufDecoderPropertiesTest.wideSchema(600)), "Wide");

  /** A test schema, its first message and the table its columns merge into. */
  record Case(ProtoFixture fixture, String message, TableSchema table) {
    Case(ProtoFixture fixture, String message) {
      this(fixture, message, merged(TableSchema.initial(KafkaColumns.SCHEMA), fixture.compiled()));
    }

    @Override
    public String toString() {
      return message;
    }
  }

  private ProtobufColumnCases() {}

  static RearrangedPayloads payloads(Case tested, long seed) {
    return new RearrangedPayloads(seed, tested.fixture().descriptor(tested.message()));
  }

  static List<byte[]> batch(long seed, Function<Random, byte[]> payload) {
    Random random = new Random(~seed);
    List<byte[]> payloads = new ArrayList<>();
    for (int i = 1 + random.nextInt(6); i > 0; i--) {
      payloads.add(payload.apply(random));
    }
    return payloads;
  }

  /**
   * Appends the payloads to one batch straight into columns and to another as the object path decodes them:
   * each is decoded or kept raw with the same reason either way, and the batches hold the same rows, down to the
   * bytes of their strings.
   */
  static List<Record> assertSameRows(Case tested, List<byte[]> payloads) {
    CompiledSchema schema = tested.fixture().compiled();
    BatchAssembler direct = new BatchAssembler(tested.table().schema(), payloads.size());
    BatchAssembler objects = new BatchAssembler(tested.table().schema(), payloads.size());
    for (int i = 0; i < payloads.size(); i++) {
      byte[] payload = payloads.get(i);
      ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("orders", 0, i, null, payload);
      PartResult placed = direct.append(
          record,
          PartResult.ABSENT,
          new PartResult.Encoded(REF, schema, payload, 0, payload.length));
      PartResult expected;
      try {
        expected = new PartResult.Decoded(REF, schema, schema.decode(payload, 0, payload.length));
      } catch (UndecodableException e) {
        expected =
            new PartResult.Raw(RawReason.UNDECODABLE_BYTES, Objects.toString(e.getMessage()));
      }
      objects.append(record, PartResult.ABSENT, expected);

      if (expected instanceof PartResult.Raw) {
        assertThat(placed).as("payload %d", i).isEqualTo(expected);
      } else {
        assertThat(placed).as("payload %d", i).isInstanceOf(PartResult.Encoded.class);
      }
    }
    try (RowBatch got = direct.finish();
        RowBatch want = objects.finish()) {
      List<Record> rows = got.toRecords();
      assertThat(rows).isEqualTo(want.toRecords());
      for (int column = 0; column < got.schema().columns().size(); column++) {
        for (int row = 0; row < got.rows(); row++) {
          assertThat(comparable(got.column(column).getObject(row)))
              .as(
                  "the vector's own value (strings as their bytes) in column %d, row %d",
                  column, row)
              .isEqualTo(comparable(want.column(column).getObject(row)));
        }
      }
      return rows;
    }
  }

  /** A vector's value with its byte arrays, nested ones too, made comparable by their content. */
  static Object comparable(Object value) {
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof List<?> list) {
      return list.stream().map(ProtobufColumnCases::comparable).toList();
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((key, entry) -> copy.put(comparable(key), comparable(entry)));
      return copy;
    }
    return value;
  }

  static TableSchema merged(TableSchema table, CompiledSchema schema) {
    MergeResult result = SchemaMerge.mergeValue(table, schema.type());
    if (!(result instanceof MergeResult.Merged merged)) {
      throw new IllegalArgumentException("Cannot merge " + schema + ": " + result);
    }
    return merged.table();
  }

  interface Writes {
    void to(CodedOutputStream out) throws IOException;
  }

  static byte[] write(Writes writes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    writes.to(out);
    out.flush();
    return bytes.toByteArray();
  }
}
