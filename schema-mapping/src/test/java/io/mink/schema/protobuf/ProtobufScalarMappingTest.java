package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtoFixture.orderedMap;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The scalar rows of the Protobuf table in docs/type-mapping.md, with payloads written by protobuf-java. */
class ProtobufScalarMappingTest {
  private static final ProtoFixture SCALARS = ProtoFixture.of("""
      syntax = "proto3";
      package mink.test;
      message Scalars {
        bool flag = 1;
        float ratio = 2;
        double amount = 3;
        string name = 4;
        bytes blob = 5;
        int32 i32 = 6;
        sint32 s32 = 7;
        sfixed32 sf32 = 8;
        int64 i64 = 9;
        sint64 s64 = 10;
        sfixed64 sf64 = 11;
        uint32 u32 = 12;
        fixed32 f32 = 13;
        uint64 u64 = 14;
        fixed64 f64 = 15;
        Color color = 16;
      }
      enum Color {
        COLOR_UNSPECIFIED = 0;
        RED = 1;
        GREEN = 2;
      }
      """);

  @Test
  void boolFloatDoubleStringAndBytesMapToBooleanFloatDoubleStringAndBinary() throws Exception {
    assertThat(SCALARS.column("flag").type()).isEqualTo(Types.BooleanType.get());
    assertThat(SCALARS.column("ratio").type()).isEqualTo(Types.FloatType.get());
    assertThat(SCALARS.column("amount").type()).isEqualTo(Types.DoubleType.get());
    assertThat(SCALARS.column("name").type()).isEqualTo(Types.StringType.get());
    assertThat(SCALARS.column("blob").type()).isEqualTo(Types.BinaryType.get());

    GenericRecord record = SCALARS.decode(SCALARS
        .message("Scalars")
        .set("flag", true)
        .set("ratio", 0.25f)
        .set("amount", -1234.5678)
        .set("name", "naïve ☕")
        .set("blob", new byte[] {0, 1, (byte) 0xFF}));

    assertThat(record.getField("flag")).isEqualTo(true);
    assertThat(record.getField("ratio")).isEqualTo(0.25f);
    assertThat(record.getField("amount")).isEqualTo(-1234.5678);
    assertThat(record.getField("name")).isEqualTo("naïve ☕");
    assertThat(record.getField("blob")).isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, (byte) 0xFF}));
  }

  @Test
  void int32Sint32AndSfixed32MapToInt() throws Exception {
    assertThat(SCALARS.column("i32").type()).isEqualTo(Types.IntegerType.get());
    assertThat(SCALARS.column("s32").type()).isEqualTo(Types.IntegerType.get());
    assertThat(SCALARS.column("sf32").type()).isEqualTo(Types.IntegerType.get());

    GenericRecord record = SCALARS.decode(SCALARS
        .message("Scalars")
        .set("i32", -7)
        .set("s32", Integer.MIN_VALUE)
        .set("sf32", Integer.MAX_VALUE));

    assertThat(record.getField("i32")).isEqualTo(-7);
    assertThat(record.getField("s32")).isEqualTo(Integer.MIN_VALUE);
    assertThat(record.getField("sf32")).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void int64Sint64Sfixed64Uint32AndFixed32MapToLongWithUnsigned32BitValuesReadUnsigned()
      throws Exception {
    for (String column : new String[] {"i64", "s64", "sf64", "u32", "f32"}) {
      assertThat(SCALARS.column(column).type()).as(column).isEqualTo(Types.LongType.get());
    }

    GenericRecord record = SCALARS.decode(SCALARS
        .message("Scalars")
        .set("i64", -9_000_000_000L)
        .set("s64", Long.MIN_VALUE)
        .set("sf64", Long.MAX_VALUE)
        .set("u32", -1)
        .set("f32", 0x8000_0000));

    assertThat(record.getField("i64")).isEqualTo(-9_000_000_000L);
    assertThat(record.getField("s64")).isEqualTo(Long.MIN_VALUE);
    assertThat(record.getField("sf64")).isEqualTo(Long.MAX_VALUE);
    assertThat(record.getField("u32")).isEqualTo(4_294_967_295L);
    assertThat(record.getField("f32")).isEqualTo(2_147_483_648L);
  }

  @Test
  void uint64AndFixed64MapToUnsignedDecimal20() throws Exception {
    assertThat(SCALARS.column("u64").type()).isEqualTo(Types.DecimalType.of(20, 0));
    assertThat(SCALARS.column("f64").type()).isEqualTo(Types.DecimalType.of(20, 0));

    GenericRecord record =
        SCALARS.decode(SCALARS.message("Scalars").set("u64", -1L).set("f64", 42L));

    assertThat(record.getField("u64")).isEqualTo(new BigDecimal("18446744073709551615"));
    assertThat(record.getField("f64")).isEqualTo(new BigDecimal("42"));
  }

  @Test
  void enumMapsToStringHoldingTheValueNameOrTheNumberOfAnUnknownValue() throws Exception {
    assertThat(SCALARS.column("color").type()).isEqualTo(Types.StringType.get());

    assertThat(SCALARS.decode(SCALARS.message("Scalars").set("color", "GREEN")).getField("color"))
        .isEqualTo("GREEN");
    assertThat(SCALARS.decode(SCALARS.message("Scalars").set("color", 7)).getField("color"))
        .isEqualTo("7");
  }

  @Test
  void proto3ScalarsAreRequiredColumnsHoldingTheirDefaultWhenNotWritten() throws Exception {
    GenericRecord record = SCALARS.decode(new byte[0]);

    assertThat(SCALARS.struct().fields()).allMatch(Types.NestedField::isRequired);
    assertThat(record.getField("flag")).isEqualTo(false);
    assertThat(record.getField("ratio")).isEqualTo(0f);
    assertThat(record.getField("amount")).isEqualTo(0d);
    assertThat(record.getField("name")).isEqualTo("");
    assertThat(record.getField("blob")).isEqualTo(ByteBuffer.allocate(0));
    assertThat(record.getField("i32")).isEqualTo(0);
    assertThat(record.getField("i64")).isEqualTo(0L);
    assertThat(record.getField("u32")).isEqualTo(0L);
    assertThat(record.getField("u64")).isEqualTo(BigDecimal.ZERO);
    assertThat(record.getField("color")).isEqualTo("COLOR_UNSPECIFIED");
  }

  @Test
  void mapKeysAreMappedByTheirOwnType() throws Exception {
    ProtoFixture fixture = ProtoFixture.of("""
        syntax = "proto3";
        message Keys {
          map<int32, string> by_int = 1;
          map<bool, string> by_bool = 2;
          map<uint64, string> by_uint64 = 3;
          map<string, bytes> by_string = 4;
        }
        """);

    assertThat(fixture.column("by_int").type().asMapType().keyType())
        .isEqualTo(Types.IntegerType.get());
    assertThat(fixture.column("by_bool").type().asMapType().keyType())
        .isEqualTo(Types.BooleanType.get());
    assertThat(fixture.column("by_uint64").type().asMapType().keyType())
        .isEqualTo(Types.DecimalType.of(20, 0));
    assertThat(fixture.column("by_string").type().asMapType().valueType())
        .isEqualTo(Types.BinaryType.get());

    GenericRecord record = fixture.decode(fixture
        .message("Keys")
        .set("by_int", orderedMap(-1, "minus one", 2, "two"))
        .set("by_bool", orderedMap(true, "yes"))
        .set("by_uint64", orderedMap(-1L, "max"))
        .set("by_string", orderedMap("k", "v".getBytes(StandardCharsets.UTF_8))));

    assertThat(record.getField("by_int")).isEqualTo(Map.of(-1, "minus one", 2, "two"));
    assertThat(record.getField("by_bool")).isEqualTo(Map.of(true, "yes"));
    assertThat(record.getField("by_uint64"))
        .isEqualTo(Map.of(new BigDecimal("18446744073709551615"), "max"));
    assertThat(record.getField("by_string"))
        .isEqualTo(Map.of("k", ByteBuffer.wrap(new byte[] {'v'})));
  }
}
