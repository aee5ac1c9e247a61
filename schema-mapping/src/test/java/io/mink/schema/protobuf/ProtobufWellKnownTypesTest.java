package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.protobuf.BoolValue;
import com.google.protobuf.ByteString;
import com.google.protobuf.BytesValue;
import com.google.protobuf.DoubleValue;
import com.google.protobuf.Duration;
import com.google.protobuf.Empty;
import com.google.protobuf.FieldMask;
import com.google.protobuf.FloatValue;
import com.google.protobuf.Int32Value;
import com.google.protobuf.Int64Value;
import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.UInt32Value;
import com.google.protobuf.UInt64Value;
import com.google.protobuf.Value;
import io.mink.schema.decode.UndecodableException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The google.protobuf rows of the Protobuf table: Timestamp, wrappers, and the types held as JSON. */
class ProtobufWellKnownTypesTest {
  private static final ProtoFixture EVENTS = ProtoFixture.of("""
      syntax = "proto3";
      package wkt;
      import "google/protobuf/any.proto";
      import "google/protobuf/duration.proto";
      import "google/protobuf/empty.proto";
      import "google/protobuf/field_mask.proto";
      import "google/protobuf/struct.proto";
      import "google/protobuf/timestamp.proto";
      import "google/protobuf/wrappers.proto";

      message Event {
        google.protobuf.Timestamp at = 1;
        google.protobuf.Duration took = 2;
        google.protobuf.Any detail = 3;
        google.protobuf.Struct attributes = 4;
        google.protobuf.Value extra = 5;
        google.protobuf.ListValue items = 6;
        google.protobuf.DoubleValue d = 7;
        google.protobuf.FloatValue f = 8;
        google.protobuf.Int64Value i64 = 9;
        google.protobuf.UInt64Value u64 = 10;
        google.protobuf.Int32Value i32 = 11;
        google.protobuf.UInt32Value u32 = 12;
        google.protobuf.BoolValue b = 13;
        google.protobuf.StringValue s = 14;
        google.protobuf.BytesValue by = 15;
        google.protobuf.Empty nothing = 16;
        google.protobuf.FieldMask mask = 17;
        repeated google.protobuf.Timestamp history = 18;
      }
      message Click {
        string button_name = 1;
        int64 count = 2;
      }
      """);

  @Test
  void timestampMapsToTimestamptzTruncatedToMicroseconds() throws Exception {
    assertThat(EVENTS.column("at").type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(EVENTS.column("at").isOptional()).isTrue();

    GenericRecord event = EVENTS.decode(EVENTS
        .message("Event")
        .set(
            "at",
            Timestamp.newBuilder()
                .setSeconds(1_700_000_000L)
                .setNanos(123_456_789)
                .build())
        .set("history", List.of(Timestamp.newBuilder().setSeconds(-1).build())));

    assertThat(event.getField("at")).isEqualTo(OffsetDateTime.parse("2023-11-14T22:13:20.123456Z"));
    assertThat(event.getField("history"))
        .isEqualTo(List.of(OffsetDateTime.parse("1969-12-31T23:59:59Z")));
    assertThat(EVENTS.decode(new byte[0]).getField("at")).isNull();
  }

  @Test
  void timestampOutsideItsDocumentedRangeDoesNotDecode() {
    byte[] payload = EVENTS
        .message("Event")
        .set("at", Timestamp.newBuilder().setSeconds(Long.MAX_VALUE).build())
        .bytes();

    assertThatThrownBy(() -> EVENTS.decode(payload))
        .isInstanceOf(UndecodableException.class)
        .hasMessage(
            "Invalid Protobuf Timestamp in field 1 (at): seconds 9223372036854775807 and nanos 0"
                + " are outside 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z");
  }

  @Test
  void wrapperTypesMapToTheWrappedTypeOptional() throws Exception {
    assertWrapper("d", Types.DoubleType.get(), DoubleValue.of(2.5), 2.5);
    assertWrapper("f", Types.FloatType.get(), FloatValue.of(1.5f), 1.5f);
    assertWrapper("i64", Types.LongType.get(), Int64Value.of(-3L), -3L);
    assertWrapper(
        "u64",
        Types.DecimalType.of(20, 0),
        UInt64Value.of(-1L),
        new BigDecimal("18446744073709551615"));
    assertWrapper("i32", Types.IntegerType.get(), Int32Value.of(-4), -4);
    assertWrapper("u32", Types.LongType.get(), UInt32Value.of(-1), 4_294_967_295L);
    assertWrapper("b", Types.BooleanType.get(), BoolValue.of(true), true);
    assertWrapper("s", Types.StringType.get(), StringValue.of("hi"), "hi");
    assertWrapper(
        "by",
        Types.BinaryType.get(),
        BytesValue.of(ByteString.copyFromUtf8("hi")),
        ByteBuffer.wrap(new byte[] {'h', 'i'}));
  }

  @Test
  void wrapperWrittenWithItsDefaultIsTheDefaultNotNull() throws Exception {
    GenericRecord event = EVENTS.decode(EVENTS.message("Event").set("i64", Int64Value.of(0)));

    assertThat(event.getField("i64")).isEqualTo(0L);
    assertThat(event.getField("i32")).isNull();
  }

  @Test
  void durationMapsToStringHoldingItsProto3Json() throws Exception {
    assertThat(EVENTS.column("took").type()).isEqualTo(Types.StringType.get());

    assertThat(
            decodeTook(Duration.newBuilder().setSeconds(1).setNanos(500_000_000).build()))
        .isEqualTo("\"1.500s\"");
    assertThat(decodeTook(Duration.newBuilder().setSeconds(-3).setNanos(-1_000).build()))
        .isEqualTo("\"-3.000001s\"");
    assertThat(decodeTook(Duration.newBuilder().setSeconds(42).build())).isEqualTo("\"42s\"");
    assertThat(decodeTook(Duration.newBuilder().setNanos(7).build())).isEqualTo("\"0.000000007s\"");
  }

  @Test
  void structValueAndListValueMapToStringsHoldingTheJsonTheyStandFor() throws Exception {
    Struct nested = Struct.newBuilder()
        .putFields("k", Value.newBuilder().setStringValue("v\"q").build())
        .build();
    Struct attributes = Struct.newBuilder()
        .putFields("name", Value.newBuilder().setStringValue("x").build())
        .putFields("n", Value.newBuilder().setNumberValue(1).build())
        .putFields("ok", Value.newBuilder().setBoolValue(true).build())
        .putFields("none", Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build())
        .putFields("nested", Value.newBuilder().setStructValue(nested).build())
        .build();
    ListValue items = ListValue.newBuilder()
        .addValues(Value.newBuilder().setNumberValue(0.5))
        .addValues(Value.newBuilder()
            .setListValue(ListValue.newBuilder().addValues(Value.newBuilder().setBoolValue(false))))
        .build();

    GenericRecord event = EVENTS.decode(EVENTS
        .message("Event")
        .set("attributes", attributes)
        .set("extra", Value.newBuilder().setStringValue("plain").build())
        .set("items", items));

    assertThat(EVENTS.column("attributes").type()).isEqualTo(Types.StringType.get());
    assertThat(EVENTS.column("extra").type()).isEqualTo(Types.StringType.get());
    assertThat(EVENTS.column("items").type()).isEqualTo(Types.StringType.get());
    assertThat((String) event.getField("attributes"))
        .startsWith("{")
        .contains(
            "\"name\":\"x\"",
            "\"n\":1.0",
            "\"ok\":true",
            "\"none\":null",
            "\"nested\":{\"k\":\"v\\\"q\"}");
    assertThat(event.getField("extra")).isEqualTo("\"plain\"");
    assertThat(event.getField("items")).isEqualTo("[0.5,[false]]");
  }

  @Test
  void anyMapsToStringHoldingItsTypeAndThePackedMessageFieldsWhenTheSchemaKnowsTheType()
      throws Exception {
    Any click = Any.pack(
        EVENTS.message("Click").set("button_name", "left").set("count", 3L).build());

    GenericRecord event = EVENTS.decode(EVENTS.message("Event").set("detail", click));

    assertThat(EVENTS.column("detail").type()).isEqualTo(Types.StringType.get());
    assertThat(event.getField("detail"))
        .isEqualTo(
            "{\"@type\":\"type.googleapis.com/wkt.Click\",\"buttonName\":\"left\",\"count\":\"3\"}");
  }

  @Test
  void anyPackingAWellKnownTypeHoldsItsJsonAsValue() throws Exception {
    Any packed =
        Any.pack(Timestamp.newBuilder().setSeconds(0).setNanos(10_000_000).build());

    GenericRecord event = EVENTS.decode(EVENTS.message("Event").set("detail", packed));

    assertThat(event.getField("detail"))
        .isEqualTo(
            "{\"@type\":\"type.googleapis.com/google.protobuf.Timestamp\",\"value\":\"1970-01-01T00:00:00.010Z\"}");
  }

  @Test
  void anyPackingATypeTheSchemaDoesNotKnowHoldsTheValueInBase64() throws Exception {
    Any unknown = Any.newBuilder()
        .setTypeUrl("type.googleapis.com/other.Thing")
        .setValue(ByteString.copyFrom(new byte[] {8, 1}))
        .build();

    GenericRecord event = EVENTS.decode(EVENTS.message("Event").set("detail", unknown));

    assertThat(event.getField("detail"))
        .isEqualTo("{\"@type\":\"type.googleapis.com/other.Thing\",\"value\":\"CAE=\"}");
  }

  @Test
  void emptyMapsToStringHoldingAnEmptyObjectAndFieldMaskToItsPaths() throws Exception {
    GenericRecord event = EVENTS.decode(EVENTS
        .message("Event")
        .set("nothing", Empty.getDefaultInstance())
        .set(
            "mask",
            FieldMask.newBuilder().addPaths("user.display_name").addPaths("id").build()));

    assertThat(EVENTS.column("nothing").type()).isEqualTo(Types.StringType.get());
    assertThat(event.getField("nothing")).isEqualTo("{}");
    assertThat(EVENTS.column("mask").type().asStructType().field("paths").type())
        .isEqualTo(Types.ListType.ofRequired(
            EVENTS
                .column("mask")
                .type()
                .asStructType()
                .field("paths")
                .type()
                .asListType()
                .elementId(),
            Types.StringType.get()));
    assertThat(((GenericRecord) event.getField("mask")).getField("paths"))
        .isEqualTo(List.of("user.display_name", "id"));
  }

  private static void assertWrapper(
      String column, Type type, com.google.protobuf.Message value, Object expected)
      throws UndecodableException {
    assertThat(EVENTS.column(column).type()).as(column).isEqualTo(type);
    assertThat(EVENTS.column(column).isOptional()).as(column).isTrue();
    assertThat(EVENTS.decode(EVENTS.message("Event").set(column, value)).getField(column))
        .as(column)
        .isEqualTo(expected);
    assertThat(EVENTS.decode(new byte[0]).getField(column)).as(column).isNull();
  }

  private static Object decodeTook(Duration duration) throws UndecodableException {
    return EVENTS.decode(EVENTS.message("Event").set("took", duration)).getField("took");
  }
}
