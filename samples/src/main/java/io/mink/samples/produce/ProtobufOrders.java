package io.mink.samples.produce;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;

/**
 * Orders as Protobuf messages of {@code schemas/order.proto}, keyed by {@code schemas/order_key.proto}, built on
 * the descriptors of {@link OrderProtoFiles} as an application's generated classes would build them.
 */
public final class ProtobufOrders implements OrderObjects {
  private static final Descriptor ORDER = OrderProtoFiles.ORDER;
  private static final Descriptor LINE = ORDER.findFieldByName("lines").getMessageType();
  private static final Descriptor ADDRESS = ORDER.findFieldByName("shipping").getMessageType();
  private static final FieldDescriptor STATUS = ORDER.findFieldByName("status");

  @Override
  public DynamicMessage value(SampleOrder order) {
    long millis = order.placedAt().toEpochMilli();
    Timestamp placedAt = Timestamp.newBuilder()
        .setSeconds(Math.floorDiv(millis, 1000))
        .setNanos(Math.floorMod(millis, 1000) * 1_000_000)
        .build();
    DynamicMessage.Builder message = DynamicMessage.newBuilder(ORDER)
        .setField(ORDER.findFieldByName("order_id"), order.orderId())
        .setField(ORDER.findFieldByName("customer"), order.customer())
        .setField(ORDER.findFieldByName("placed_at"), placedAt)
        .setField(STATUS, STATUS.getEnumType().findValueByName(order.status().name()))
        .setField(ORDER.findFieldByName("total"), order.total())
        .setField(
            ORDER.findFieldByName("shipping"),
            DynamicMessage.newBuilder(ADDRESS)
                .setField(ADDRESS.findFieldByName("city"), order.shipping().city())
                .setField(ADDRESS.findFieldByName("country"), order.shipping().country())
                .build());
    for (SampleOrder.Line line : order.lines()) {
      message.addRepeatedField(
          ORDER.findFieldByName("lines"),
          DynamicMessage.newBuilder(LINE)
              .setField(LINE.findFieldByName("sku"), line.sku())
              .setField(LINE.findFieldByName("quantity"), line.quantity())
              .build());
    }
    if (order.note() != null) {
      message.setField(ORDER.findFieldByName("note"), order.note());
    }
    return message.build();
  }

  @Override
  public DynamicMessage key(SampleOrder order) {
    Descriptor key = OrderProtoFiles.ORDER_KEY;
    return DynamicMessage.newBuilder(key)
        .setField(key.findFieldByName("order_id"), order.orderId())
        .build();
  }
}
