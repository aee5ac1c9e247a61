package io.mink.indexer.interop;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;
import io.mink.schema.registry.SchemaType;

/**
 * Orders as DynamicMessages, as a producer with generated classes would send them. The descriptors are the
 * compiled form of {@code interop/order.proto} (Order, then Address and the Status enum, importing
 * google/protobuf/timestamp.proto) and {@code interop/order_key.proto} (OrderKey).
 */
final class ProtobufOrders implements OrderLanguage {
  static final String ORDER_PROTO = OrderLanguage.resource("order.proto");
  static final String ORDER_KEY_PROTO = OrderLanguage.resource("order_key.proto");
  static final Descriptor ORDER;
  static final Descriptor ORDER_KEY;

  static {
    FileDescriptorProto order = FileDescriptorProto.newBuilder()
        .setName("shop/order.proto")
        .setPackage("shop")
        .setSyntax("proto3")
        .addDependency("google/protobuf/timestamp.proto")
        .addMessageType(DescriptorProto.newBuilder().setName("Order")
            .addField(field("id", 1, Type.TYPE_INT64))
            .addField(field("customer", 2, Type.TYPE_STRING))
            .addField(field("note", 3, Type.TYPE_STRING).setProto3Optional(true).setOneofIndex(0))
            .addField(field("placed", 4, Type.TYPE_MESSAGE).setTypeName(".google.protobuf.Timestamp"))
            .addField(field("quantity", 5, Type.TYPE_INT32))
            .addField(field("total", 6, Type.TYPE_DOUBLE))
            .addField(field("gift", 7, Type.TYPE_BOOL))
            .addField(field("tags", 8, Type.TYPE_STRING).setLabel(Label.LABEL_REPEATED))
            .addField(field("shipping", 9, Type.TYPE_MESSAGE).setTypeName(".shop.Address"))
            .addField(field("status", 10, Type.TYPE_ENUM).setTypeName(".shop.Status"))
            .addOneofDecl(OneofDescriptorProto.newBuilder().setName("_note")))
        .addMessageType(DescriptorProto.newBuilder().setName("Address")
            .addField(field("street", 1, Type.TYPE_STRING))
            .addField(field("city", 2, Type.TYPE_STRING))
            .addField(field("zip", 3, Type.TYPE_INT32)))
        .addEnumType(EnumDescriptorProto.newBuilder().setName("Status")
            .addValue(EnumValueDescriptorProto.newBuilder().setName("NEW").setNumber(0))
            .addValue(EnumValueDescriptorProto.newBuilder().setName("PAID").setNumber(1))
            .addValue(EnumValueDescriptorProto.newBuilder().setName("SHIPPED").setNumber(2)))
        .build();
    FileDescriptorProto orderKey = FileDescriptorProto.newBuilder()
        .setName("shop/order_key.proto")
        .setPackage("shop")
        .setSyntax("proto3")
        .addMessageType(DescriptorProto.newBuilder().setName("OrderKey").addField(field("id", 1, Type.TYPE_INT64)))
        .build();
    try {
      ORDER = FileDescriptor.buildFrom(order, new FileDescriptor[] {Timestamp.getDescriptor().getFile()})
          .findMessageTypeByName("Order");
      ORDER_KEY = FileDescriptor.buildFrom(orderKey, new FileDescriptor[0]).findMessageTypeByName("OrderKey");
    } catch (DescriptorValidationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static FieldDescriptorProto.Builder field(String name, int number, Type type) {
    return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
        .setLabel(Label.LABEL_OPTIONAL).setJsonName(name);
  }

  @Override
  public SchemaType type() {
    return SchemaType.PROTOBUF;
  }

  @Override
  public DynamicMessage value(Order order) {
    Descriptor address = ORDER.findFieldByName("shipping").getMessageType();
    DynamicMessage shipping = DynamicMessage.newBuilder(address)
        .setField(address.findFieldByName("street"), order.shipping().street())
        .setField(address.findFieldByName("city"), order.shipping().city())
        .setField(address.findFieldByName("zip"), order.shipping().zip())
        .build();
    long millis = order.placed().toEpochMilli();
    Timestamp placed = Timestamp.newBuilder().setSeconds(Math.floorDiv(millis, 1000))
        .setNanos(Math.floorMod(millis, 1000) * 1_000_000).build();
    DynamicMessage.Builder message = DynamicMessage.newBuilder(ORDER)
        .setField(ORDER.findFieldByName("id"), order.id())
        .setField(ORDER.findFieldByName("customer"), order.customer())
        .setField(ORDER.findFieldByName("placed"), placed)
        .setField(ORDER.findFieldByName("quantity"), order.quantity())
        .setField(ORDER.findFieldByName("total"), order.total())
        .setField(ORDER.findFieldByName("gift"), order.gift())
        .setField(ORDER.findFieldByName("tags"), order.tags())
        .setField(ORDER.findFieldByName("shipping"), shipping)
        .setField(ORDER.findFieldByName("status"),
            ORDER.findFieldByName("status").getEnumType().findValueByName(order.status().name()));
    if (order.note() != null) {
      message.setField(ORDER.findFieldByName("note"), order.note());
    }
    return message.build();
  }

  @Override
  public DynamicMessage key(Order order) {
    return DynamicMessage.newBuilder(ORDER_KEY).setField(ORDER_KEY.findFieldByName("id"), order.id()).build();
  }

  @Override
  public String schemaText(boolean key) {
    return key ? ORDER_KEY_PROTO : ORDER_PROTO;
  }

  @Override
  public String toString() {
    return "Protobuf";
  }
}
