package io.mink.testkit.orders;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;

/**
 * Orders as DynamicMessages, as a producer with generated classes would send them. The descriptors are built
 * from {@code order.proto} (Order, with Address and the Status enum nested, importing
 * google/protobuf/timestamp.proto) and {@code order_key.proto} (OrderKey), the texts a registry holds.
 */
public final class ProtobufOrders {
  public static final String VALUE_PROTO = OrderSchemaFiles.text("order.proto");
  public static final String KEY_PROTO = OrderSchemaFiles.text("order_key.proto");
  public static final Descriptor VALUE_DESCRIPTOR =
      ProtoDescriptors.of("shop/order.proto", VALUE_PROTO).findMessageTypeByName("Order");
  public static final Descriptor KEY_DESCRIPTOR =
      ProtoDescriptors.of("shop/order_key.proto", KEY_PROTO).findMessageTypeByName("OrderKey");
  private static final Descriptor ADDRESS = VALUE_DESCRIPTOR.findNestedTypeByName("Address");
  private static final FieldDescriptor STATUS = field("status");

  private ProtobufOrders() {}

  /** The order as the message protobuf-java and the Protobuf serdes take. */
  public static DynamicMessage value(Order order) {
    DynamicMessage.Builder message = DynamicMessage.newBuilder(VALUE_DESCRIPTOR)
        .setField(field("id"), order.id())
        .setField(field("account_id"), order.accountId())
        .setField(field("sequence"), order.sequence())
        .setField(field("amount_cents"), order.amountCents())
        .setField(field("quantity"), order.quantity())
        .setField(field("status_code"), order.statusCode())
        .setField(field("region_id"), order.regionId())
        .setField(field("price"), order.price())
        .setField(field("discount"), order.discount())
        .setField(field("weight"), order.weight())
        .setField(field("customer"), order.customer())
        .setField(field("product"), order.product())
        .setField(field("currency"), order.currency())
        .setField(field("channel"), order.channel())
        .setField(field("description"), order.description())
        .setField(field("active"), order.active())
        .setField(
            field("event_time"),
            Timestamp.newBuilder()
                .setSeconds(Math.floorDiv(order.eventTimeMicros(), 1_000_000L))
                .setNanos((int) Math.floorMod(order.eventTimeMicros(), 1_000_000L) * 1_000)
                .build())
        .setField(
            field("address"),
            DynamicMessage.newBuilder(ADDRESS)
                .setField(ADDRESS.findFieldByName("street"), order.address().street())
                .setField(ADDRESS.findFieldByName("city"), order.address().city())
                .setField(ADDRESS.findFieldByName("zip"), order.address().zip())
                .build())
        .setField(field("tags"), order.tags())
        .setField(STATUS, STATUS.getEnumType().findValueByName(order.status().name()));
    if (order.note() != null) {
      message.setField(field("note"), order.note());
    }
    return message.build();
  }

  /** The key: a message of the order's id. */
  public static DynamicMessage key(Order order) {
    return DynamicMessage.newBuilder(KEY_DESCRIPTOR)
        .setField(KEY_DESCRIPTOR.findFieldByName("id"), order.id())
        .build();
  }

  private static FieldDescriptor field(String name) {
    return VALUE_DESCRIPTOR.findFieldByName(name);
  }
}
