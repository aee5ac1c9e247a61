package io.mink.schema.protobuf;

import static io.mink.schema.protobuf.ProtobufColumnCases.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The recursive-messages part of the Protobuf table's JSON row. */
class ProtobufRecursiveMessagesTest {
  private static final ProtoFixture TREES = ProtoFixture.of("""
      syntax = "proto3";
      package trees;
      message Tree {
        string name = 1;
        Node root = 2;
        repeated Node forest = 3;
      }
      message Node {
        string label = 1;
        repeated Node children = 2;
        int64 weight = 3;
        map<string, Node> by_name = 4;
        Kind kind = 5;
        bytes raw_data = 6;
        oneof extra {
          Edge edge = 7;
          double score = 8;
        }
      }
      message Edge {
        Node target = 1;
      }
      enum Kind {
        KIND_UNSPECIFIED = 0;
        LEAF = 1;
      }
      """);

  @Test
  void recursiveMessagesMapToStringHoldingJsonKeyedByFieldJsonNames() throws Exception {
    assertThat(TREES.column("root").type()).isEqualTo(Types.StringType.get());
    assertThat(TREES.column("forest").type().asListType().elementType())
        .isEqualTo(Types.StringType.get());

    ProtoFixture.MessageBuilder leaf = TREES
        .message("Node")
        .set("label", "b")
        .set("kind", "LEAF")
        .set("raw_data", new byte[] {1, 2, 3});
    GenericRecord tree = TREES.decode(TREES
        .message("Tree")
        .set("name", "t")
        .set(
            "root",
            TREES
                .message("Node")
                .set("label", "a")
                .set("weight", 5L)
                .set("children", List.of(leaf))
                .set(
                    "by_name",
                    ProtoFixture.orderedMap("b", TREES.message("Node").set("label", "b")))
                .set(
                    "edge",
                    TREES.message("Edge").set("target", TREES.message("Node").set("score", 0.5)))));

    assertThat(tree.getField("name")).isEqualTo("t");
    assertThat(tree.getField("root"))
        .isEqualTo("{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"kind\":\"LEAF\","
            + "\"rawData\":\"AQID\"}],\"weight\":\"5\",\"byName\":{\"b\":{\"label\":\"b\"}},"
            + "\"edge\":{\"target\":{\"score\":0.5}}}");
  }

  @Test
  void aMessageNestedNinetyDeepIsWrittenInFull() throws Exception {
    ProtoFixture.MessageBuilder node = TREES.message("Node").set("label", "89");
    String json = "{\"label\":\"89\"}";
    for (int level = 88; level >= 0; level--) {
      node = TREES
          .message("Node")
          .set("label", String.valueOf(level))
          .set("children", List.of(node))
          .set("weight", (long) level + 1);
      json = "{\"label\":\"" + level + "\",\"children\":[" + json + "],\"weight\":\"" + (level + 1)
          + "\"}";
    }

    GenericRecord tree = TREES.decode(TREES.message("Tree").set("root", node));

    assertThat(tree.getField("root")).isEqualTo(json);
  }

  @Test
  void fieldsOutOfOrderWrittenAgainAndSwitchedGiveTheLastValuesInDeclarationOrder()
      throws Exception {
    byte[] root = write(out -> {
      out.writeInt64(3, 3);
      out.writeByteArray(2, write(child -> child.writeString(1, "x")));
      out.writeDouble(8, 1.5);
      out.writeString(1, "first");
      out.writeByteArray(4, write(entry -> {
        entry.writeString(1, "k");
        entry.writeByteArray(2, write(value -> value.writeString(1, "old")));
      }));
      out.writeByteArray(2, write(child -> child.writeInt64(3, 7)));
      out.writeByteArray(
          7,
          write(edge -> edge.writeByteArray(1, write(target -> {
            target.writeDouble(8, 0.5);
            target.writeString(1, "t");
          }))));
      out.writeByteArray(
          4,
          write(entry -> entry.writeByteArray(2, write(value -> {
            value.writeString(1, "no key");
          }))));
      out.writeString(1, "second");
      out.writeDouble(8, 2.5);
      out.writeByteArray(4, write(entry -> {
        entry.writeByteArray(2, write(value -> value.writeString(1, "new")));
        entry.writeString(1, "k");
      }));
      out.writeByteArray(4, write(entry -> entry.writeString(1, "no value")));
      out.writeInt64(3, 0);
      out.writeEnum(5, 1);
      out.writeEnum(5, 0);
      out.writeByteArray(7, new byte[0]);
    });
    byte[] payload = write(out -> {
      out.writeByteArray(3, write(node -> node.writeString(1, "f1")));
      out.writeByteArray(2, root);
      out.writeString(1, "t");
      out.writeByteArray(3, write(node -> {
        node.writeDouble(8, 1);
        node.writeByteArray(7, new byte[0]);
        node.writeDouble(8, 2);
      }));
    });

    GenericRecord tree = TREES.decode(payload);

    assertThat(tree.getField("name")).isEqualTo("t");
    assertThat(tree.getField("root"))
        .isEqualTo("{\"label\":\"second\",\"children\":[{\"label\":\"x\"},{\"weight\":\"7\"}],"
            + "\"byName\":{\"k\":{\"label\":\"new\"},\"\":{\"label\":\"no key\"},\"no value\":{}},"
            + "\"edge\":{}}");
    assertThat(tree.getField("forest")).isEqualTo(List.of("{\"label\":\"f1\"}", "{\"score\":2.0}"));
  }

  @Test
  void aRecursiveTableMessageIsStillAStructWhoseRecursiveFieldsHoldJson() throws Exception {
    ProtoFixture categories = ProtoFixture.of("""
        syntax = "proto3";
        message Category {
          string name = 1;
          Category parent_category = 2;
        }
        """);

    assertThat(categories.struct().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("name", "parent_category");
    assertThat(categories.column("parent_category").type()).isEqualTo(Types.StringType.get());
    GenericRecord shoes = categories.decode(categories
        .message("Category")
        .set("name", "shoes")
        .set(
            "parent_category",
            categories
                .message("Category")
                .set("name", "apparel")
                .set("parent_category", categories.message("Category").set("name", "all"))));

    assertThat(shoes.getField("parent_category"))
        .isEqualTo("{\"name\":\"apparel\",\"parentCategory\":{\"name\":\"all\"}}");
  }
}
