package io.mink.testkit.orders;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

class OrderLanguageTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everySchemaDeclaresTheOrdersFieldsInTheOrderOfItsComponents() throws Exception {
    assertThat(AvroOrders.VALUE_SCHEMA.getFields().stream().map(Schema.Field::name))
        .containsExactlyElementsOf(Order.FIELDS);
    assertThat(ProtobufOrders.VALUE_DESCRIPTOR.getFields().stream().map(FieldDescriptor::getName))
        .containsExactlyElementsOf(Order.FIELDS);
    List<String> properties = new ArrayList<>();
    JSON.readTree(JsonSchemaOrders.VALUE_SCHEMA)
        .get("properties")
        .fieldNames()
        .forEachRemaining(properties::add);
    assertThat(properties).containsExactlyElementsOf(Order.FIELDS);
    assertThat(OrderColumns.types(OrderLanguage.JSON).keySet())
        .containsExactlyElementsOf(Order.FIELDS);
  }

  @Test
  void everyOrderIsAValueOfEveryLanguagesSchema() throws Exception {
    List<Order> orders = new ArrayList<>(OrderSamples.varied(24));
    Random random = new Random(7);
    for (int i = 0; i < 100; i++) {
      orders.add(OrderSamples.seeded(random, i));
    }
    for (Order order : orders) {
      assertThat(GenericData.get().validate(AvroOrders.VALUE_SCHEMA, AvroOrders.value(order)))
          .as("%s", order)
          .isTrue();
      DynamicMessage message = ProtobufOrders.value(order);
      assertThat(DynamicMessage.parseFrom(ProtobufOrders.VALUE_DESCRIPTOR, message.toByteArray()))
          .isEqualTo(message);
      JsonNode json = JsonSchemaOrders.value(order);
      List<String> fields = new ArrayList<>();
      json.fieldNames().forEachRemaining(fields::add);
      assertThat(fields).containsExactlyElementsOf(Order.FIELDS);
      assertThat(json.get("status").asText()).isEqualTo(order.status().name());
    }
  }

  @Test
  void theSecondVariedOrderIsPaidSoThatItsLastByteBelongsToItsStatus() {
    assertThat(OrderSamples.varied(3).get(1).status()).isEqualTo(Order.Status.PAID);
  }
}
