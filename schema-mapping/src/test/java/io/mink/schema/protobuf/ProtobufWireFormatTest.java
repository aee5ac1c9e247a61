package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.mink.schema.decode.UndecodableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.junit.jupiter.api.Test;

/** How the binary encoding is read: Protobuf readers' rules for repeats, unknown fields and bad bytes. */
class ProtobufWireFormatTest {
  static final String SAMPLE_SCHEMA = """
      syntax = "proto3";
      package wire;
      message Sample {
        int32 count = 1;
        string name = 2;
        Inner inner = 3;
        repeated int32 codes = 4;
        repeated Inner inners = 5;
        oneof choice {
          int32 a = 6;
          string b = 7;
        }
        map<string, Inner> inner_by_key = 8;
        map<int32, string> name_by_id = 9;
      }
      message Inner {
        int32 x = 1;
        int32 y = 2;
        repeated string tags = 3;
      }
      """;
  private static final ProtoFixture SAMPLES = ProtoFixture.of(SAMPLE_SCHEMA);

  @Test
  void unknownFieldsOfEveryWireTypeAreSkipped() throws Exception {
    byte[] payload = write(out -> {
      out.writeInt64(100, -1);
      out.writeFixed64(101, 7);
      out.writeString(102, "ignored");
      out.writeTag(103, WireFormat.WIRETYPE_START_GROUP);
      out.writeInt32(1, 5);
      out.writeTag(104, WireFormat.WIRETYPE_START_GROUP);
      out.writeTag(104, WireFormat.WIRETYPE_END_GROUP);
      out.writeTag(103, WireFormat.WIRETYPE_END_GROUP);
      out.writeFixed32(105, 9);
      out.writeInt32(1, 5);
    });

    assertThat(SAMPLES.decode(payload).getField("count")).isEqualTo(5);
  }

  @Test
  void aScalarWrittenTwiceTakesTheLastValue() throws Exception {
    byte[] payload = write(out -> {
      out.writeInt32(1, 1);
      out.writeString(2, "first");
      out.writeInt32(1, 2);
      out.writeString(2, "last");
    });

    GenericRecord sample = SAMPLES.decode(payload);
    assertThat(sample.getField("count")).isEqualTo(2);
    assertThat(sample.getField("name")).isEqualTo("last");
  }

  @Test
  void aMessageWrittenTwiceMergesIntoTheFirst() throws Exception {
    byte[] first =
        SAMPLES.message("Inner").set("x", 1).set("tags", List.of("a")).bytes();
    byte[] second =
        SAMPLES.message("Inner").set("y", 2).set("tags", List.of("b")).bytes();

    GenericRecord inner = (GenericRecord) SAMPLES
        .decode(write(out -> {
          out.writeByteArray(3, first);
          out.writeByteArray(3, second);
        }))
        .getField("inner");

    assertThat(inner.getField("x")).isEqualTo(1);
    assertThat(inner.getField("y")).isEqualTo(2);
    assertThat(inner.getField("tags")).isEqualTo(List.of("a", "b"));
  }

  @Test
  void repeatedElementsWrittenPackedAndOneByOneAreAllAppendedInOrder() throws Exception {
    byte[] payload = write(out -> {
      out.writeTag(4, WireFormat.WIRETYPE_LENGTH_DELIMITED);
      out.writeUInt32NoTag(3);
      out.writeInt32NoTag(1);
      out.writeInt32NoTag(2);
      out.writeInt32NoTag(3);
      out.writeInt32(4, 4);
      out.writeByteArray(5, SAMPLES.message("Inner").set("x", 1).bytes());
      out.writeByteArray(5, SAMPLES.message("Inner").set("x", 2).bytes());
    });

    GenericRecord sample = SAMPLES.decode(payload);
    assertThat(sample.getField("codes")).isEqualTo(List.of(1, 2, 3, 4));
    assertThat((List<?>) sample.getField("inners"))
        .extracting(inner -> ((GenericRecord) inner).getField("x"))
        .containsExactly(1, 2);
  }

  @Test
  void aOneofMemberWrittenLaterClearsTheOneWrittenBefore() throws Exception {
    GenericRecord sample = SAMPLES.decode(write(out -> {
      out.writeString(7, "b");
      out.writeInt32(6, 6);
    }));

    assertThat(sample.getField("a")).isEqualTo(6);
    assertThat(sample.getField("b")).isNull();
  }

  @Test
  void aMapEntryWithoutKeyOrValueHoldsTheirDefaults() throws Exception {
    GenericRecord sample = SAMPLES.decode(write(out -> {
      out.writeByteArray(8, write(entry -> entry.writeString(1, "only key")));
      out.writeByteArray(9, write(entry -> entry.writeString(2, "only value")));
    }));

    GenericRecord defaultInner =
        (GenericRecord) ((Map<?, ?>) sample.getField("inner_by_key")).get("only key");
    assertThat(defaultInner.getField("x")).isEqualTo(0);
    assertThat(defaultInner.getField("tags")).isEqualTo(List.of());
    assertThat(sample.getField("name_by_id")).isEqualTo(Map.of(0, "only value"));
  }

  @Test
  void aFieldWrittenWithAnotherWireTypeIsSkippedAsUnknown() throws Exception {
    GenericRecord sample = SAMPLES.decode(write(out -> out.writeString(1, "not a count")));

    assertThat(sample.getField("count")).isEqualTo(0);
  }

  @Test
  void aPayloadInsideALargerArrayDecodesFromItsOffset() throws Exception {
    byte[] payload = SAMPLES.message("Sample").set("count", 3).bytes();
    byte[] framed = new byte[payload.length + 7];
    System.arraycopy(payload, 0, framed, 5, payload.length);

    GenericRecord sample = (GenericRecord) SAMPLES.compiled().decode(framed, 5, payload.length);

    assertThat(sample.getField("count")).isEqualTo(3);
  }

  @Test
  void aLengthClaimingMoreBytesThanRemainFailsAtOnce() {
    assertUndecodable(
        new byte[] {0x12, 80, 'a', 'b', 'c'},
        "Truncated Protobuf payload: field 2 (name) claims 80 bytes at byte 2, 3 remain");
  }

  @Test
  void aNestedLengthIsCheckedAgainstItsEnclosingMessage() {
    assertUndecodable(
        new byte[] {0x1A, 3, 0x1A, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        "Truncated Protobuf payload: field 3 (tags) claims 10 bytes at byte 4, 1 remain");
  }

  @Test
  void aVarintRunningPastTheEndFails() {
    assertUndecodable(
        new byte[] {0x08, (byte) 0x80},
        "Truncated Protobuf payload: field 1 (count) has a varint running past the end at byte 1");
  }

  @Test
  void aVarintLongerThanTenBytesFails() {
    byte[] payload = new byte[13];
    payload[0] = 0x08;
    Arrays.fill(payload, 1, 12, (byte) 0x80);
    assertUndecodable(
        payload,
        "Malformed Protobuf payload: field 1 (count) has a varint longer than 10 bytes at byte 1");
  }

  @Test
  void fieldNumberZeroAndWireTypesNoWriterProducesFail() {
    assertUndecodable(new byte[] {0x00}, "Malformed Protobuf payload: field number 0 at byte 0");
    assertUndecodable(
        new byte[] {0x0F},
        "Malformed Protobuf payload: field 1 has wire type 7 at byte 0, which no Protobuf writer produces");
    assertUndecodable(
        new byte[] {0x4C},
        "Malformed Protobuf payload: end-group of field 9 at byte 1 without a matching start-group");
    assertUndecodable(
        new byte[] {0x4B, 0x08, 0x01},
        "Truncated Protobuf payload: group field 9 has no end-group before byte 3");
  }

  @Test
  void nestingDeeperThanOneHundredLevelsFails() {
    StringBuilder text = new StringBuilder("syntax = \"proto3\";\n");
    for (int level = 0; level < 120; level++) {
      text.append("message M")
          .append(level)
          .append(" { M")
          .append(level + 1)
          .append(" next = 1; int32 v = 2; }\n");
    }
    text.append("message M120 { int32 v = 2; }\n");
    ProtoFixture deep = ProtoFixture.of(text.toString());
    byte[] payload = new byte[0];
    for (int level = 0; level < 105; level++) {
      byte[] outer =
          new byte[payload.length + 1 + CodedOutputStream.computeUInt32SizeNoTag(payload.length)];
      CodedOutputStream out = CodedOutputStream.newInstance(outer);
      try {
        out.writeByteArray(1, payload);
        out.flush();
      } catch (IOException e) {
        throw new AssertionError(e);
      }
      payload = outer;
    }
    byte[] tooDeep = payload;

    assertThatThrownBy(() -> deep.decode(tooDeep))
        .isInstanceOf(UndecodableException.class)
        .hasMessageStartingWith("Protobuf payload nests messages deeper than 100 levels at byte ");
  }

  @Test
  void manyEmptyElementsOfAWideMessageFailInsteadOfExhaustingMemory() {
    StringBuilder text = new StringBuilder(
        "syntax = \"proto3\";\nmessage Batch { repeated Wide rows = 1; }\nmessage Wide {\n");
    for (int field = 1; field <= 2_000; field++) {
      text.append("  int32 f").append(field).append(" = ").append(field).append(";\n");
    }
    ProtoFixture wide = ProtoFixture.of(text.append("}\n").toString());
    byte[] payload = new byte[2_000];
    for (int i = 0; i < payload.length; i += 2) {
      payload[i] = 0x0A;
    }

    assertThatThrownBy(() -> wide.decode(payload))
        .isInstanceOf(UndecodableException.class)
        .hasMessage("Protobuf payload of 2000 bytes decodes into more than 129536 values"
            + " (many empty elements of wide messages) at byte 130");
  }

  @Test
  void aRangeOutsideTheArrayIsUndecodable() {
    assertThatThrownBy(() -> SAMPLES.compiled().decode(new byte[4], 3, 2))
        .isInstanceOf(UndecodableException.class)
        .hasMessage("No Protobuf payload at offset 3 and length 2 of 4 bytes");
  }

  private static void assertUndecodable(byte[] payload, String message) {
    assertThatThrownBy(() -> SAMPLES.decode(payload))
        .isInstanceOf(UndecodableException.class)
        .hasMessage(message);
  }

  private interface Writes {
    void to(CodedOutputStream out) throws IOException;
  }

  private static byte[] write(Writes writes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    writes.to(out);
    out.flush();
    return bytes.toByteArray();
  }
}
