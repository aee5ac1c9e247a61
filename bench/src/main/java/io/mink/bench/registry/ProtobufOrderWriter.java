package io.mink.bench.registry;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;

/**
 * Protobuf payloads written by protobuf-java: a {@link DynamicMessage} of the descriptor built from
 * {@link OrderSchemas#PROTOBUF}, serialized. This is the message body only; Confluent's message
 * indexes come after the schema id, before it.
 */
final class ProtobufOrderWriter implements PayloadWriter {
  private final Descriptor order = ProtoDescriptors.of(OrderSchemas.PROTOBUF).findMessageTypeByName("Order");
  private final Descriptor address = order.findNestedTypeByName("Address");

  @Override
  public byte[] write(Order value) {
    DynamicMessage.Builder message = DynamicMessage.newBuilder(order)
        .setField(field("id"), value.id())
        .setField(field("account_id"), value.accountId())
        .setField(field("sequence"), value.sequence())
        .setField(field("amount_cents"), value.amountCents())
        .setField(field("quantity"), value.quantity())
        .setField(field("status_code"), value.statusCode())
        .setField(field("region_id"), value.regionId())
        .setField(field("price"), value.price())
        .setField(field("discount"), value.discount())
        .setField(field("weight"), value.weight())
        .setField(field("customer"), value.customer())
        .setField(field("product"), value.product())
        .setField(field("currency"), value.currency())
        .setField(field("channel"), value.channel())
        .setField(field("description"), value.description())
        .setField(field("active"), value.active())
        .setField(field("event_time"), Timestamp.newBuilder()
            .setSeconds(Math.floorDiv(value.eventTimeMicros(), 1_000_000L))
            .setNanos((int) Math.floorMod(value.eventTimeMicros(), 1_000_000L) * 1_000)
            .build())
        .setField(field("address"), DynamicMessage.newBuilder(address)
            .setField(address.findFieldByName("street"), value.address().street())
            .setField(address.findFieldByName("city"), value.address().city())
            .setField(address.findFieldByName("zip"), value.address().zip())
            .build());
    if (value.note() != null) {
      message.setField(field("note"), value.note());
    }
    for (String tag : value.tags()) {
      message.addRepeatedField(field("tags"), tag);
    }
    return message.build().toByteArray();
  }

  private FieldDescriptor field(String name) {
    return order.findFieldByName(name);
  }
}
