package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtobufColumnCases.CASES;
import static io.mink.schema.protobuf.ProtobufColumnCases.WIDE;
import static io.mink.schema.protobuf.ProtobufColumnCases.assertSameRows;
import static io.mink.schema.protobuf.ProtobufColumnCases.batch;
import static io.mink.schema.protobuf.ProtobufColumnCases.merged;
import static io.mink.schema.protobuf.ProtobufColumnCases.payloads;
import static io.mink.schema.protobuf.ProtobufColumnCases.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.protobuf.ProtobufColumnCases.Case;
import io.mink.schema.table.TableSchema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.iceberg.data.Record;

/**
 * Decoding a Protobuf payload straight into a batch's columns gives the rows the object path gives, and fails on
 * the same payloads with the same reason: messages written by protobuf-java, then cut short or overwritten, and
 * noise; proto3 and proto2, every scalar type, oneofs, required fields, sparse field and enum numbers, and promoted
 * columns. Several payloads go into one batch, so one decoder reads many rows. Payloads rearranged field by field
 * are in {@link ProtobufRearrangedPayloadsPropertiesTest}.
 */
class ProtobufColumnDecoderPropertiesTest {
  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.of(CASES);
  }

  @Example
  void everyProtobufMessageDecodesIntoColumns() {
    for (Case tested : CASES) {
      assertThat(tested.fixture().compiled().decodesIntoColumns())
          .as(tested.message())
          .isTrue();
    }
  }

  @Property(tries = 400)
  void messagesWrittenByProtobufJavaGiveTheObjectPathsRows(
      @ForAll("cases") Case tested, @ForAll long seed) {
    RearrangedPayloads payloads = payloads(tested, seed);

    assertSameRows(tested, batch(seed, random -> payloads.written(random.nextDouble())));
  }

  @Property(tries = 500)
  void damagedPayloadsAndNoiseFailAsTheObjectPathFailsAmongGoodOnes(
      @ForAll("cases") Case tested, @ForAll long seed) {
    RearrangedPayloads payloads = payloads(tested, seed);

    assertSameRows(tested, batch(seed, random -> switch (random.nextInt(3)) {
      case 0 -> payloads.rearranged();
      case 1 -> payloads.damaged();
      default -> payloads.noise();
    }));
  }

  @Property(tries = 25)
  void aMessageOfSixHundredFieldsGivesTheObjectPathsRows(@ForAll long seed) {
    RearrangedPayloads payloads = payloads(WIDE, seed);

    assertSameRows(
        WIDE,
        batch(seed, random -> random.nextBoolean() ? payloads.rearranged() : payloads.damaged()));
  }

  @Example
  void proto3FieldsLeftOutHoldTheirDefaultsAndOptionalOnesNull() {
    Record row = assertSameRows(CASES.get(0), List.of(new byte[0])).get(0);

    assertThat(row.getField("i32")).isEqualTo(0);
    assertThat(row.getField("u32")).isEqualTo(0L);
    assertThat(row.getField("f")).isEqualTo(0f);
    assertThat(row.getField("b")).isEqualTo(false);
    assertThat(row.getField("s")).isEqualTo("");
    assertThat(row.getField("by")).isEqualTo(ByteBuffer.wrap(new byte[0]));
    assertThat(row.getField("level")).isEqualTo("LEVEL_UNSPECIFIED");
    assertThat(row.getField("maybe_i32")).isNull();
    assertThat(row.getField("maybe_s")).isNull();
    assertThat(row.getField("maybe_level")).isNull();
    assertThat(row.getField("a")).isNull();
    assertThat(row.getField("many")).isEqualTo(List.of());
    assertThat(row.getField("single")).isNull();
  }

  @Example
  void theLastOccurrenceWinsAndOneofMembersClearEachOther() throws IOException {
    byte[] part = write(out -> out.writeInt32(1, 4));
    byte[] payload = write(out -> {
      out.writeInt32(1, 1);
      out.writeByteArray(27, part);
      out.writeString(24, "first");
      out.writeInt64(23, 5);
      out.writeInt32(1, -2);
      out.writeEnum(16, 1_000_000);
      out.writeString(14, "ärger");
      out.writeEnum(16, 77);
      out.writeString(14, "größer");
    });

    Record row = assertSameRows(CASES.get(0), List.of(payload, payload)).get(1);

    assertThat(row.getField("i32")).isEqualTo(-2);
    assertThat(row.getField("a")).isEqualTo(5L);
    assertThat(row.getField("text")).isNull();
    assertThat(row.getField("part")).isNull();
    assertThat(row.getField("level")).isEqualTo("77");
    assertThat(row.getField("s")).isEqualTo("größer");
  }

  @Example
  void aMessageWrittenTwiceMergesAndAKnownFieldOfAnotherWireTypeIsSkipped() throws IOException {
    byte[] payload = write(out -> {
      out.writeByteArray(30, write(part -> part.writeInt32(1, 4)));
      out.writeFixed32(1, 99);
      out.writeInt32(14, 3);
      out.writeByteArray(30, write(part -> part.writeString(2, "y")));
    });

    Record row = assertSameRows(CASES.get(0), List.of(payload)).get(0);

    assertThat(row.getField("i32")).isEqualTo(0);
    assertThat(row.getField("s")).isEqualTo("");
    assertThat(((Record) row.getField("single")).getField("x")).isEqualTo(4);
    assertThat(((Record) row.getField("single")).getField("y")).isEqualTo("y");
  }

  @Example
  void aProto2PayloadWithoutARequiredFieldIsKeptRawWithTheObjectPathsReason() throws IOException {
    Case legacy = CASES.get(1);
    byte[] sub = write(out -> out.writeInt32(1, 1));
    byte[] complete = write(out -> {
      out.writeInt64(1, 3);
      out.writeString(2, "n");
      out.writeEnum(9, -2);
      out.writeByteArray(17, sub);
    });
    byte[] lacking = write(out -> {
      out.writeInt64(1, 3);
      out.writeByteArray(17, sub);
    });

    List<Record> rows = assertSameRows(legacy, List.of(complete, lacking));

    assertThat(rows.get(0).getField("must_kind")).isEqualTo("BETA");
    assertThat(rows.get(0).getField("count")).isNull();
    assertThat(rows.get(0).getField("kind")).isNull();
    assertThat(rows.get(1).getField("id")).isNull();
    assertThat(rows.get(1).getField(KafkaColumns.VALUE)).isEqualTo(ByteBuffer.wrap(lacking));
  }

  @Example
  void valuesGoIntoPromotedColumns() throws IOException {
    ProtoFixture wide = ProtoFixture.of("""
        syntax = "proto3";
        message M { int64 n = 1; double x = 2; string s = 3; }
        """);
    ProtoFixture narrow = ProtoFixture.of("""
        syntax = "proto3";
        message M { int32 n = 1; float x = 2; string s = 3; }
        """);
    TableSchema table = merged(
        merged(TableSchema.initial(KafkaColumns.SCHEMA), wide.compiled()), narrow.compiled());
    byte[] payload = write(out -> {
      out.writeInt32(1, -65);
      out.writeFloat(2, 1.5f);
      out.writeString(3, "s");
    });

    Record row = assertSameRows(new Case(narrow, "M", table), List.of(payload, new byte[0]))
        .get(0);

    assertThat(row.getField("n")).isEqualTo(-65L);
    assertThat(row.getField("x")).isEqualTo(1.5d);
  }
}
