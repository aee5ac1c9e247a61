package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtoFixture.orderedMap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UndecodableException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The message, repeated, map and oneof rows of the Protobuf table, and how absent values read. */
class ProtobufMessageMappingTest {
  private static final String ORDERS_PROTO = """
      syntax = "proto3";
      package shop;

      // An order as the shop writes it.
      message Order {
        // The order's number.
        int64 id = 1;
        Customer customer = 2;
        repeated Line lines = 3;
        oneof payment {
          string card_token = 4;
          Voucher voucher = 5;
        }
        repeated int32 packed_codes = 6;
        repeated int32 unpacked_codes = 7 [packed = false];
        map<string, Line> lines_by_sku = 8;
        optional string note = 9;
        repeated string tags = 10;

        message Line {
          string sku = 1;
          uint32 quantity = 2;
        }
      }
      message Customer {
        string name = 1;
        Address address = 2;
      }
      message Address {
        string city = 1;
      }
      message Voucher {
        string code = 1;
      }
      """;
  private static final ProtoFixture ORDERS = ProtoFixture.of(ORDERS_PROTO);

  @Test
  void messageMapsToStructOfItsFieldsInDeclarationOrderWithOneofMembersInPlace() {
    assertThat(ORDERS.struct().fields())
        .extracting(Types.NestedField::name)
        .containsExactly(
            "id",
            "customer",
            "lines",
            "card_token",
            "voucher",
            "packed_codes",
            "unpacked_codes",
            "lines_by_sku",
            "note",
            "tags");

    Types.StructType customer = ORDERS.column("customer").type().asStructType();
    assertThat(customer.fields())
        .extracting(Types.NestedField::name)
        .containsExactly("name", "address");
    assertThat(customer.field("address").type().asStructType().field("city").type())
        .isEqualTo(Types.StringType.get());
  }

  @Test
  void messageDecodesIntoNestedRecords() throws Exception {
    GenericRecord order = ORDERS.decode(ORDERS
        .message("Order")
        .set("id", 7L)
        .set(
            "customer",
            ORDERS
                .message("Customer")
                .set("name", "Ada")
                .set("address", ORDERS.message("Address").set("city", "Oslo"))));

    GenericRecord customer = (GenericRecord) order.getField("customer");
    assertThat(customer.getField("name")).isEqualTo("Ada");
    assertThat(((GenericRecord) customer.getField("address")).getField("city")).isEqualTo("Oslo");
    assertThat(customer.struct()).isEqualTo(ORDERS.column("customer").type());
  }

  @Test
  void messageFieldsAreOptionalAndNullWhenNotWritten() throws Exception {
    assertThat(ORDERS.column("customer").isOptional()).isTrue();
    assertThat(ORDERS.decode(ORDERS.message("Order").set("id", 1L)).getField("customer"))
        .isNull();
  }

  @Test
  void repeatedMapsToListOfAppendedElements() throws Exception {
    Types.ListType lines = ORDERS.column("lines").type().asListType();
    assertThat(lines.isElementRequired()).isTrue();
    assertThat(lines.elementType().asStructType().field("quantity").type())
        .isEqualTo(Types.LongType.get());

    GenericRecord order = ORDERS.decode(ORDERS
        .message("Order")
        .set(
            "lines",
            List.of(
                ORDERS.message("Order.Line").set("sku", "A").set("quantity", 2),
                ORDERS.message("Order.Line").set("sku", "B").set("quantity", 1)))
        .set("tags", List.of("x", "y")));

    List<?> decoded = (List<?>) order.getField("lines");
    assertThat(decoded)
        .extracting(line -> ((GenericRecord) line).getField("sku"))
        .containsExactly("A", "B");
    assertThat(order.getField("tags")).isEqualTo(List.of("x", "y"));
  }

  @Test
  void repeatedScalarsDecodeWhetherWrittenPackedOrOneByOne() throws Exception {
    assertThat(ORDERS
            .file()
            .findMessageTypeByName("Order")
            .findFieldByName("packed_codes")
            .isPacked())
        .isTrue();
    assertThat(ORDERS
            .file()
            .findMessageTypeByName("Order")
            .findFieldByName("unpacked_codes")
            .isPacked())
        .isFalse();

    GenericRecord order = ORDERS.decode(ORDERS
        .message("Order")
        .set("packed_codes", List.of(1, -2, 300))
        .set("unpacked_codes", List.of(4, -5, 600)));

    assertThat(order.getField("packed_codes")).isEqualTo(List.of(1, -2, 300));
    assertThat(order.getField("unpacked_codes")).isEqualTo(List.of(4, -5, 600));
  }

  @Test
  void repeatedAndMapFieldsAreOptionalColumnsHoldingEmptyValuesWhenNotWritten() throws Exception {
    GenericRecord order = ORDERS.decode(new byte[0]);

    assertThat(ORDERS.column("lines").isOptional()).isTrue();
    assertThat(ORDERS.column("lines_by_sku").isOptional()).isTrue();
    assertThat(order.getField("lines")).isEqualTo(List.of());
    assertThat(order.getField("lines_by_sku")).isEqualTo(Map.of());
  }

  @Test
  void mapMapsToMapOfItsKeyAndValueTypes() throws Exception {
    Types.MapType bySku = ORDERS.column("lines_by_sku").type().asMapType();
    assertThat(bySku.keyType()).isEqualTo(Types.StringType.get());
    assertThat(bySku.valueType().asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("sku", "quantity");
    assertThat(bySku.isValueRequired()).isTrue();

    GenericRecord order = ORDERS.decode(ORDERS
        .message("Order")
        .set(
            "lines_by_sku",
            orderedMap(
                "A", ORDERS.message("Order.Line").set("sku", "A").set("quantity", 3),
                "B", ORDERS.message("Order.Line"))));

    Map<?, ?> decoded = (Map<?, ?>) order.getField("lines_by_sku");
    assertThat(List.copyOf(decoded.keySet())).isEqualTo(List.of("A", "B"));
    assertThat(((GenericRecord) decoded.get("A")).getField("quantity")).isEqualTo(3L);
    assertThat(((GenericRecord) decoded.get("B")).getField("sku")).isEqualTo("");
  }

  @Test
  void oneofMapsToOneOptionalFieldPerMemberWithOnlyTheWrittenMemberSet() throws Exception {
    assertThat(ORDERS.column("card_token").isOptional()).isTrue();
    assertThat(ORDERS.column("voucher").isOptional()).isTrue();

    GenericRecord byVoucher = ORDERS.decode(
        ORDERS.message("Order").set("voucher", ORDERS.message("Voucher").set("code", "SPRING")));
    GenericRecord byCard = ORDERS.decode(ORDERS.message("Order").set("card_token", "tok_1"));

    assertThat(byVoucher.getField("card_token")).isNull();
    assertThat(((GenericRecord) byVoucher.getField("voucher")).getField("code"))
        .isEqualTo("SPRING");
    assertThat(byCard.getField("card_token")).isEqualTo("tok_1");
    assertThat(byCard.getField("voucher")).isNull();
  }

  @Test
  void proto3OptionalScalarsAreOptionalAndNullWhenNotWritten() throws Exception {
    assertThat(ORDERS.column("note").isOptional()).isTrue();
    assertThat(ORDERS.column("id").isRequired()).isTrue();

    assertThat(ORDERS.decode(new byte[0]).getField("note")).isNull();
    assertThat(ORDERS.decode(ORDERS.message("Order").set("note", "")).getField("note"))
        .isEqualTo("");
  }

  @Test
  void proto2OptionalFieldsAreNullWhenNotWrittenAndRequiredFieldsMustBeWritten() throws Exception {
    ProtoFixture fixture = ProtoFixture.of("""
        syntax = "proto2";
        package legacy;
        message Reading {
          required string sensor = 1;
          optional int32 celsius = 2 [default = 20];
          repeated sint64 samples = 3;
        }
        """);

    assertThat(fixture.column("sensor").isRequired()).isTrue();
    assertThat(fixture.column("celsius").isOptional()).isTrue();
    GenericRecord reading = fixture.decode(
        fixture.message("Reading").set("sensor", "t1").set("samples", List.of(-1L, 2L)));
    assertThat(reading.getField("sensor")).isEqualTo("t1");
    assertThat(reading.getField("celsius")).isNull();
    assertThat(reading.getField("samples")).isEqualTo(List.of(-1L, 2L));

    byte[] withoutSensor = fixture.message("Reading").set("celsius", 3).partialBytes();
    assertThatThrownBy(() -> fixture.decode(withoutSensor))
        .isInstanceOf(UndecodableException.class)
        .hasMessage(
            "Protobuf payload lacks field 1 (sensor), which message legacy.Reading requires");
  }

  @Test
  void fieldsCarryTheirDocCommentsAsIcebergDocsAndNoDocOtherwise() {
    assertThat(ORDERS.column("id").doc()).isEqualTo("The order's number.");
    assertThat(ORDERS.column("customer").doc()).isNull();
  }

  @Test
  void theSameSchemaTextAlwaysGivesTheSameTypeWithFieldIdsUniqueWithinIt() {
    Types.StructType again = ProtoFixture.of(ORDERS_PROTO).struct();

    assertThat(again).isEqualTo(ORDERS.struct());
    assertThat(again.toString()).isEqualTo(ORDERS.struct().toString());
    assertThat(TypeUtil.indexById(again)).hasSize(countFields(again));
  }

  private static int countFields(org.apache.iceberg.types.Type type) {
    if (type.isStructType()) {
      return type.asStructType().fields().stream()
          .mapToInt(field -> 1 + countFields(field.type()))
          .sum();
    }
    if (type.isListType()) {
      return 1 + countFields(type.asListType().elementType());
    }
    if (type.isMapType()) {
      return 2
          + countFields(type.asMapType().keyType())
          + countFields(type.asMapType().valueType());
    }
    return 0;
  }
}
