package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtoFixture.orderedMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.mink.schema.decode.MessageSelector;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Map fields in the .proto text Confluent's registry serves for a schema registered as a
 * {@code FileDescriptorProto}: each map is a repeated field of a nested {@code map_entry} message,
 * types are fully qualified with a leading dot, fields carry {@code json_name} and oneofs come after
 * the other fields. They map and decode exactly as the same schema written with {@code map<K, V>}.
 */
class ProtobufDescriptorMapEntryTest {
  private static final ProtoFixture WITH_MAP_SYNTAX = ProtoFixture.of("""
      syntax = "proto3";
      package shop;

      message Order {
        int64 id = 1;
        map<string, int64> attributes = 8;
        map<string, Line> lines_by_sku = 9;
        map<int32, Status> status_by_code = 10;
        oneof payment {
          string card_token = 4;
          Line voucher_line = 5;
        }

        message Line {
          string sku = 1;
          uint32 quantity = 2;
        }
      }
      message Basket {
        map<string, string> items = 1;
      }
      enum Status {
        STATUS_UNSPECIFIED = 0;
        SHIPPED = 1;
      }
      """);
  private static final ProtoFixture AS_REGISTRY_PRINTS_IT = ProtoFixture.of("""
      syntax = "proto3";
      package shop;

      message Order {
        int64 id = 1 [json_name = "id"];
        repeated .shop.Order.AttributesEntry attributes = 8 [json_name = "attributes"];
        repeated .shop.Order.LinesBySkuEntry lines_by_sku = 9 [json_name = "linesBySku"];
        repeated .shop.Order.StatusByCodeEntry status_by_code = 10 [json_name = "statusByCode"];

        oneof payment {
          string card_token = 4 [json_name = "cardToken"];
          .shop.Order.Line voucher_line = 5 [json_name = "voucherLine"];
        }

        message Line {
          string sku = 1 [json_name = "sku"];
          uint32 quantity = 2 [json_name = "quantity"];
        }
        message AttributesEntry {
          option map_entry = true;

          string key = 1 [json_name = "key"];
          int64 value = 2 [json_name = "value"];
        }
        message LinesBySkuEntry {
          option map_entry = true;

          string key = 1 [json_name = "key"];
          .shop.Order.Line value = 2 [json_name = "value"];
        }
        message StatusByCodeEntry {
          option map_entry = true;

          int32 key = 1 [json_name = "key"];
          .shop.Status value = 2 [json_name = "value"];
        }
      }
      message Basket {
        repeated .shop.Basket.ItemsEntry items = 1 [json_name = "items"];

        message ItemsEntry {
          option map_entry = true;

          string key = 1 [json_name = "key"];
          string value = 2 [json_name = "value"];
        }
      }
      enum Status {
        STATUS_UNSPECIFIED = 0;
        SHIPPED = 1;
      }
      """);

  @Test
  void repeatedMapEntryFieldsMapToTheSameTypeAsMapSyntax() {
    assertThat(AS_REGISTRY_PRINTS_IT.struct()).isEqualTo(WITH_MAP_SYNTAX.struct());
    assertThat(AS_REGISTRY_PRINTS_IT.struct().toString())
        .isEqualTo(WITH_MAP_SYNTAX.struct().toString());

    Types.MapType attributes = AS_REGISTRY_PRINTS_IT.column("attributes").type().asMapType();
    assertThat(attributes.keyType()).isEqualTo(Types.StringType.get());
    assertThat(attributes.valueType()).isEqualTo(Types.LongType.get());
    assertThat(AS_REGISTRY_PRINTS_IT
            .column("lines_by_sku")
            .type()
            .asMapType()
            .valueType()
            .asStructType()
            .fields())
        .extracting(Types.NestedField::name)
        .containsExactly("sku", "quantity");
    assertThat(AS_REGISTRY_PRINTS_IT.column("status_by_code").type().asMapType().keyType())
        .isEqualTo(Types.IntegerType.get());
  }

  @Test
  void repeatedMapEntryFieldsDecodeToTheSameValuesAsMapSyntaxForScalarEnumAndMessageValues()
      throws Exception {
    byte[] payload = WITH_MAP_SYNTAX
        .message("Order")
        .set("id", 7L)
        .set("attributes", orderedMap("weight", 1200L, "gift", 0L))
        .set(
            "lines_by_sku",
            orderedMap(
                "A", WITH_MAP_SYNTAX.message("Order.Line").set("sku", "A").set("quantity", 3),
                "B", WITH_MAP_SYNTAX.message("Order.Line")))
        .set("status_by_code", orderedMap(-1, "SHIPPED", 2, 9))
        .set("voucher_line", WITH_MAP_SYNTAX.message("Order.Line").set("sku", "V"))
        .bytes();

    GenericRecord decoded = AS_REGISTRY_PRINTS_IT.decode(payload);

    assertThat(decoded).isEqualTo(WITH_MAP_SYNTAX.decode(payload));
    assertThat(decoded.getField("attributes")).isEqualTo(Map.of("weight", 1200L, "gift", 0L));
    assertThat(((GenericRecord) ((Map<?, ?>) decoded.getField("lines_by_sku")).get("A"))
            .getField("quantity"))
        .isEqualTo(3L);
    assertThat(decoded.getField("status_by_code")).isEqualTo(Map.of(-1, "SHIPPED", 2, "9"));
  }

  @Test
  void repeatedKeysKeepTheLastValueAndEntriesMissingKeyOrValueGetTheirTypesDefaults()
      throws Exception {
    Descriptors.Descriptor attributesEntry = entryOf("attributes");
    Descriptors.Descriptor linesEntry = entryOf("lines_by_sku");
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    payload.writeBytes(
        WITH_MAP_SYNTAX.message("Order").set("attributes", orderedMap("a", 1L)).bytes());
    payload.writeBytes(
        WITH_MAP_SYNTAX.message("Order").set("attributes", orderedMap("a", 2L)).bytes());
    payload.writeBytes(withEntry(
        "attributes",
        DynamicMessage.newBuilder(attributesEntry)
            .setField(attributesEntry.findFieldByName("value"), 5L)
            .build()));
    payload.writeBytes(withEntry(
        "attributes",
        DynamicMessage.newBuilder(attributesEntry)
            .setField(attributesEntry.findFieldByName("key"), "no value")
            .build()));
    payload.writeBytes(withEntry(
        "lines_by_sku",
        DynamicMessage.newBuilder(linesEntry)
            .setField(linesEntry.findFieldByName("key"), "empty")
            .build()));

    GenericRecord decoded = AS_REGISTRY_PRINTS_IT.decode(payload.toByteArray());

    assertThat(decoded).isEqualTo(WITH_MAP_SYNTAX.decode(payload.toByteArray()));
    assertThat(decoded.getField("attributes"))
        .isEqualTo(orderedMap("a", 2L, "", 5L, "no value", 0L));
    GenericRecord emptyLine =
        (GenericRecord) ((Map<?, ?>) decoded.getField("lines_by_sku")).get("empty");
    assertThat(emptyLine.getField("sku")).isEqualTo("");
    assertThat(emptyLine.getField("quantity")).isEqualTo(0L);
  }

  @Test
  void mapEntriesOfRecursiveMessagesMapAndRenderAsJsonAsMapSyntaxDoes() throws Exception {
    ProtoFixture withMapSyntax = ProtoFixture.of("""
        syntax = "proto3";
        package trees;
        message Tree {
          Node root = 1;
        }
        message Node {
          string label = 1;
          map<string, Node> by_name = 2;
          map<string, int32> weights = 3;
        }
        """);
    ProtoFixture asRegistryPrintsIt = ProtoFixture.of("""
        syntax = "proto3";
        package trees;

        message Tree {
          .trees.Node root = 1 [json_name = "root"];
        }
        message Node {
          string label = 1 [json_name = "label"];
          repeated .trees.Node.ByNameEntry by_name = 2 [json_name = "byName"];
          repeated .trees.Node.WeightsEntry weights = 3 [json_name = "weights"];

          message ByNameEntry {
            option map_entry = true;

            string key = 1 [json_name = "key"];
            .trees.Node value = 2 [json_name = "value"];
          }
          message WeightsEntry {
            option map_entry = true;

            string key = 1 [json_name = "key"];
            int32 value = 2 [json_name = "value"];
          }
        }
        """);
    byte[] payload = withMapSyntax
        .message("Tree")
        .set(
            "root",
            withMapSyntax
                .message("Node")
                .set("label", "top")
                .set(
                    "by_name",
                    orderedMap("leaf", withMapSyntax.message("Node").set("label", "leaf")))
                .set("weights", orderedMap("w", 4)))
        .bytes();

    GenericRecord decoded = asRegistryPrintsIt.decode(payload);

    assertThat(asRegistryPrintsIt.struct()).isEqualTo(withMapSyntax.struct());
    assertThat(asRegistryPrintsIt.column("root").type()).isEqualTo(Types.StringType.get());
    assertThat(decoded).isEqualTo(withMapSyntax.decode(payload));
    assertThat(decoded.getField("root"))
        .isEqualTo(
            "{\"label\":\"top\",\"byName\":{\"leaf\":{\"label\":\"leaf\"}},\"weights\":{\"w\":4}}");
  }

  @Test
  void glueIndexCountsEachMapEntryMessageOnceAsProtobufJavaDescriptorsDo() {
    List<String> glueOrder = ProtobufTableMessageTest.glueOrder(WITH_MAP_SYNTAX.file());
    int orderIndex = glueOrder.indexOf("shop.Order");

    assertThat(glueOrder).startsWith("shop.Basket", "shop.Basket.ItemsEntry", "shop.Order");
    for (int index = 0; index < glueOrder.size() + 1; index++) {
      assertThat(AS_REGISTRY_PRINTS_IT
              .compiled()
              .isTableMessage(new MessageSelector.GlueMessageIndex(index)))
          .as("Glue index %d", index)
          .isEqualTo(index == orderIndex);
    }
  }

  private static Descriptors.Descriptor entryOf(String mapField) {
    return WITH_MAP_SYNTAX.descriptor("Order").findFieldByName(mapField).getMessageType();
  }

  private static byte[] withEntry(String mapField, DynamicMessage entry) {
    Descriptors.Descriptor order = WITH_MAP_SYNTAX.descriptor("Order");
    return DynamicMessage.newBuilder(order)
        .addRepeatedField(order.findFieldByName(mapField), entry)
        .build()
        .toByteArray();
  }
}
