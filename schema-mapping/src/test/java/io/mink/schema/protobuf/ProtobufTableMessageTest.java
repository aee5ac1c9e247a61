package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MessageSelector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "The schema's first message is the table's": which payloads, by their wire format's selector, are the table's. */
class ProtobufTableMessageTest {
  private static final ProtoFixture SHOP = ProtoFixture.of("""
      syntax = "proto3";
      package shop;
      message Order {
        map<string, int32> counts_by_sku = 1;
        Line line = 2;
        message Line {
          message Discount { int32 percent = 1; }
        }
        enum Status { STATUS_UNSPECIFIED = 0; }
      }
      enum Color { COLOR_UNSPECIFIED = 0; }
      message Address {
        message Geo { double lat = 1; }
      }
      message Basket {}
      """);

  @Test
  void theTableMessageIsTheFileFirstMessage() {
    assertThat(SHOP.struct().fields())
        .extracting(field -> field.name())
        .containsExactly("counts_by_sku", "line");
  }

  @Test
  void confluentIndexesSelectTheTableMessageOnlyWhenTheyNameTheFirstMessage() {
    CompiledSchema compiled = SHOP.compiled();

    assertThat(compiled.isTableMessage(new MessageSelector.ConfluentIndexes(new int[] {0})))
        .isTrue();
    assertThat(compiled.isTableMessage(new MessageSelector.ConfluentIndexes(new int[0])))
        .isTrue();
    assertThat(compiled.isTableMessage(new MessageSelector.ConfluentIndexes(new int[] {1})))
        .isFalse();
    assertThat(compiled.isTableMessage(new MessageSelector.ConfluentIndexes(new int[] {0, 0})))
        .isFalse();
  }

  @Test
  void glueIndexSelectsTheTableMessageByItsPositionAmongAllMessagesSortedByFullName() {
    List<String> glueOrder = glueOrder(SHOP.file());
    int orderIndex = glueOrder.indexOf("shop.Order");

    assertThat(glueOrder).contains("shop.Order.CountsBySkuEntry");
    for (int index = 0; index < glueOrder.size(); index++) {
      assertThat(SHOP.compiled().isTableMessage(new MessageSelector.GlueMessageIndex(index)))
          .as("Glue index %d (%s)", index, glueOrder.get(index))
          .isEqualTo(index == orderIndex);
    }
  }

  @Test
  void payloadsWithoutASelectorAreTheTableMessage() {
    assertThat(SHOP.compiled().isTableMessage(MessageSelector.NONE)).isTrue();
  }

  /** How AWS Glue's serializer numbers the messages of a file: level by level, then sorted by full name. */
  static List<String> glueOrder(Descriptors.FileDescriptor file) {
    List<Descriptors.Descriptor> all = new ArrayList<>();
    Deque<Descriptors.Descriptor> pending = new ArrayDeque<>(file.getMessageTypes());
    while (!pending.isEmpty()) {
      Descriptors.Descriptor descriptor = pending.remove();
      all.add(descriptor);
      pending.addAll(descriptor.getNestedTypes());
    }
    all.sort(Comparator.comparing(Descriptors.Descriptor::getFullName));
    return all.stream().map(Descriptors.Descriptor::getFullName).toList();
  }
}
