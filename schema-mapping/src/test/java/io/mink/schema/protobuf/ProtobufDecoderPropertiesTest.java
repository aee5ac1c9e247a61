package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DynamicMessage;
import io.mink.schema.decode.UndecodableException;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.data.GenericRecord;

/**
 * Whatever the bytes, decoding returns a record or throws UndecodableException, and a valid payload
 * decodes to what protobuf-java reads from it.
 */
class ProtobufDecoderPropertiesTest {
  static final String RICH = """
      syntax = "proto3";
      package fuzz;
      import "google/protobuf/any.proto";
      import "google/protobuf/duration.proto";
      import "google/protobuf/field_mask.proto";
      import "google/protobuf/struct.proto";
      import "google/protobuf/timestamp.proto";
      import "google/protobuf/wrappers.proto";
      message Root {
        double d = 1; float f = 2; int32 i32 = 3; int64 i64 = 4; uint32 u32 = 5; uint64 u64 = 6;
        sint32 s32 = 7; sint64 s64 = 8; fixed32 fx32 = 9; fixed64 fx64 = 10; sfixed32 sf32 = 11;
        sfixed64 sf64 = 12; bool b = 13; string s = 14; bytes by = 15; Color color = 16;
        optional int32 maybe = 17;
        Child child = 18;
        repeated Child children = 19;
        repeated sint32 packed = 20;
        repeated fixed64 unpacked = 21 [packed = false];
        repeated string names = 22;
        map<string, Child> child_by_name = 23;
        map<int64, Color> color_by_id = 24;
        oneof pick {
          string text = 25;
          Child picked = 26;
          google.protobuf.Int32Value boxed = 27;
        }
        google.protobuf.Timestamp at = 28;
        google.protobuf.Duration took = 29;
        google.protobuf.Any any = 30;
        google.protobuf.Struct attrs = 31;
        google.protobuf.Value value = 32;
        google.protobuf.ListValue list = 33;
        google.protobuf.StringValue name = 34;
        google.protobuf.UInt64Value big = 35;
        google.protobuf.BytesValue blob = 36;
        Node tree = 37;
        google.protobuf.FieldMask mask = 38;
        repeated google.protobuf.Timestamp times = 39;
        map<bool, bytes> flags = 40;
      }
      message Child {
        string name = 1;
        repeated int32 values = 2;
        Color color = 3;
        Grandchild grandchild = 4;
      }
      message Grandchild {
        uint64 id = 1;
        map<string, string> labels = 2;
      }
      message Node {
        string label = 1;
        repeated Node children = 2;
        map<string, Node> named = 3;
      }
      enum Color {
        COLOR_UNSPECIFIED = 0;
        RED = 1;
        BLUE = 2;
      }
      """;
  private static final ProtoFixture ROOT = ProtoFixture.of(RICH);
  private static final ProtoFixture OTHER = ProtoFixture.of(otherSchema());
  private static final ProtoFixture WIDE = ProtoFixture.of(wideSchema(2_000));

  @Property(tries = 2_500)
  void randomBytesDecodeOrAreUndecodable(@ForAll @Size(max = 400) byte[] bytes) {
    decodeOrReject(ROOT, bytes);
    decodeOrReject(OTHER, bytes);
  }

  @Property(tries = 1_500)
  void validPayloadsDecodeToWhatProtobufJavaReads(@ForAll long seed) throws UndecodableException {
    DynamicMessage message = new RandomMessages(seed, 0.6).message(ROOT.descriptor("Root"), 0);

    ReferenceValues.assertDecodedAs(ROOT.decode(message.toByteArray()), message);
  }

  @Property(tries = 2_000)
  void truncatedValidPayloadsDecodeOrAreUndecodable(@ForAll long seed) {
    byte[] payload = randomRoot(seed).toByteArray();
    int length = payload.length == 0 ? 0 : new Random(seed).nextInt(payload.length);

    decodeOrReject(ROOT, Arrays.copyOf(payload, length));
  }

  @Property(tries = 1_500)
  void validPayloadsWithFlippedBytesDecodeOrAreUndecodable(@ForAll long seed) {
    byte[] payload = randomRoot(seed).toByteArray();
    Random random = new Random(seed);
    for (int flips = 1 + random.nextInt(3); flips > 0 && payload.length > 0; flips--) {
      payload[random.nextInt(payload.length)] = (byte) random.nextInt(256);
    }

    decodeOrReject(ROOT, payload);
  }

  @Property(tries = 1_500)
  void payloadsWrittenWithAnotherSchemaDecodeOrAreUndecodable(@ForAll long seed) {
    byte[] root = randomRoot(seed).toByteArray();
    byte[] other =
        new RandomMessages(seed, 0.3).message(OTHER.descriptor("Other"), 0).toByteArray();

    decodeOrReject(OTHER, root);
    decodeOrReject(ROOT, other);
    decodeOrReject(WIDE, root);
  }

  @Property(tries = 500)
  void deeplyNestedRecursivePayloadsDecodeUpToTheDepthLimitAndAreUndecodableBeyond(
      @ForAll @IntRange(min = 1, max = 160) int depth, @ForAll long seed) {
    DynamicMessage tree = RandomMessages.chain(ROOT.descriptor("Node"), "children", depth);
    byte[] payload = ROOT.message("Root").set("tree", tree).bytes();
    byte[] cut = Arrays.copyOf(payload, new Random(seed).nextInt(payload.length + 1));

    Object decoded = decodeOrReject(ROOT, payload);
    assertThat(decoded != null).isEqualTo(depth + 1 <= ProtoInput.MAX_DEPTH);
    decodeOrReject(ROOT, cut);
  }

  @Property(tries = 500)
  void messagesWithTwoThousandFieldsDecode(@ForAll long seed, @ForAll @Size(max = 200) byte[] noise)
      throws UndecodableException {
    DynamicMessage message = new RandomMessages(seed, 0.05).message(WIDE.descriptor("Wide"), 0);

    ReferenceValues.assertDecodedAs(WIDE.decode(message.toByteArray()), message);
    decodeOrReject(WIDE, noise);
  }

  private static DynamicMessage randomRoot(long seed) {
    return new RandomMessages(seed, 0.5).message(ROOT.descriptor("Root"), 0);
  }

  /** Decodes, returning the record, or null when the bytes are undecodable for a reason the decoder states. */
  static Object decodeOrReject(ProtoFixture fixture, byte[] payload) {
    try {
      Object decoded = fixture.decode(payload);
      assertThat(decoded).isInstanceOf(GenericRecord.class);
      return decoded;
    } catch (UndecodableException e) {
      assertThat(e.getCause()).as("an internal failure: %s", e.getMessage()).isNull();
      assertThat(e.getMessage()).isNotBlank();
      return null;
    }
  }

  static String otherSchema() {
    String[] types = {"string", "Other", "double", "bytes", "fixed32", "sint64", "bool", "uint64"};
    StringBuilder text =
        new StringBuilder("syntax = \"proto2\";\npackage other;\nmessage Other {\n");
    text.append("  required string a = 41;\n");
    for (int number = 1; number <= 40; number++) {
      String label = number % 3 == 0 ? "repeated" : "optional";
      text.append("  ")
          .append(label)
          .append(' ')
          .append(types[number % types.length])
          .append(" f")
          .append(number)
          .append(" = ")
          .append(number)
          .append(";\n");
    }
    return text.append("  map<int32, string> m = 42;\n}\n").toString();
  }

  static String wideSchema(int fields) {
    String[] types = {
      "int32", "string", "double", "Wide.Part", "repeated int64", "bytes", "fixed32", "bool"
    };
    StringBuilder text = new StringBuilder(
        "syntax = \"proto3\";\nmessage Wide {\n  message Part { int32 x = 1; }\n");
    for (int number = 1; number <= fields; number++) {
      text.append("  ")
          .append(types[number % types.length])
          .append(" f")
          .append(number)
          .append(" = ")
          .append(number)
          .append(";\n");
    }
    return text.append("}\n").toString();
  }
}
