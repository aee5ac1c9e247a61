package io.mink.samples.produce;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Timestamp;

/**
 * The compiled form of {@code schemas/order.proto} and {@code schemas/order_key.proto}: what protoc would put into
 * generated classes, written out here so that the samples need no protoc.
 */
public final class OrderProtoFiles {
  public static final FileDescriptor ORDER_FILE;
  public static final FileDescriptor ORDER_KEY_FILE;
  public static final Descriptor ORDER;
  public static final Descriptor ORDER_KEY;

  static {
    FileDescriptorProto order = FileDescriptorProto.newBuilder()
        .setName("shop/order.proto")
        .setPackage("shop")
        .setSyntax("proto3")
        .addDependency("google/protobuf/timestamp.proto")
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Order")
            .addField(field("order_id", 1, Type.TYPE_INT64))
            .addField(field("customer", 2, Type.TYPE_STRING))
            .addField(
                field("placed_at", 3, Type.TYPE_MESSAGE).setTypeName(".google.protobuf.Timestamp"))
            .addField(field("status", 4, Type.TYPE_ENUM).setTypeName(".shop.Status"))
            .addField(field("total", 5, Type.TYPE_DOUBLE))
            .addField(field("lines", 6, Type.TYPE_MESSAGE)
                .setTypeName(".shop.Line")
                .setLabel(Label.LABEL_REPEATED))
            .addField(field("shipping", 7, Type.TYPE_MESSAGE).setTypeName(".shop.Address"))
            .addField(field("note", 8, Type.TYPE_STRING).setProto3Optional(true).setOneofIndex(0))
            .addOneofDecl(OneofDescriptorProto.newBuilder().setName("_note")))
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Line")
            .addField(field("sku", 1, Type.TYPE_STRING))
            .addField(field("quantity", 2, Type.TYPE_INT32)))
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Address")
            .addField(field("city", 1, Type.TYPE_STRING))
            .addField(field("country", 2, Type.TYPE_STRING)))
        .addEnumType(EnumDescriptorProto.newBuilder()
            .setName("Status")
            .addValue(EnumValueDescriptorProto.newBuilder().setName("NEW").setNumber(0))
            .addValue(EnumValueDescriptorProto.newBuilder().setName("PAID").setNumber(1))
            .addValue(EnumValueDescriptorProto.newBuilder().setName("SHIPPED").setNumber(2)))
        .build();
    FileDescriptorProto orderKey = FileDescriptorProto.newBuilder()
        .setName("shop/order_key.proto")
        .setPackage("shop")
        .setSyntax("proto3")
        .addMessageType(DescriptorProto.newBuilder()
            .setName("OrderKey")
            .addField(field("order_id", 1, Type.TYPE_INT64)))
        .build();
    try {
      ORDER_FILE = FileDescriptor.buildFrom(
          order, new FileDescriptor[] {Timestamp.getDescriptor().getFile()});
      ORDER_KEY_FILE = FileDescriptor.buildFrom(orderKey, new FileDescriptor[0]);
    } catch (DescriptorValidationException e) {
      throw new ExceptionInInitializerError(e);
    }
    ORDER = ORDER_FILE.findMessageTypeByName("Order");
    ORDER_KEY = ORDER_KEY_FILE.findMessageTypeByName("OrderKey");
  }

  private OrderProtoFiles() {}

  /** Both files and the Timestamp file they import, as protoc's --descriptor_set_out writes them. */
  public static FileDescriptorSet descriptorSet() {
    return FileDescriptorSet.newBuilder()
        .addFile(Timestamp.getDescriptor().getFile().toProto())
        .addFile(ORDER_FILE.toProto())
        .addFile(ORDER_KEY_FILE.toProto())
        .build();
  }

  private static FieldDescriptorProto.Builder field(String name, int number, Type type) {
    String jsonName = toCamelCase(name);
    return FieldDescriptorProto.newBuilder()
        .setName(name)
        .setNumber(number)
        .setType(type)
        .setLabel(Label.LABEL_OPTIONAL)
        .setJsonName(jsonName);
  }

  private static String toCamelCase(String name) {
    StringBuilder camel = new StringBuilder();
    boolean upper = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_') {
        upper = true;
      } else {
        camel.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return camel.toString();
  }
}
