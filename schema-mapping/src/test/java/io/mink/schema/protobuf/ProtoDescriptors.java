package io.mink.schema.protobuf;

import com.google.protobuf.AnyProto;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.FieldMaskProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.WrappersProto;
import com.squareup.wire.Syntax;
import com.squareup.wire.schema.EnumConstant;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.OneOf;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds protobuf-java descriptors for .proto files that Wire has linked, so that test payloads are
 * written by protobuf-java, the reference library. The well-known types are protobuf-java's own.
 */
final class ProtoDescriptors {
  private static final Map<String, Descriptors.FileDescriptor> WELL_KNOWN = Map.of(
      "google/protobuf/any.proto", AnyProto.getDescriptor(),
      "google/protobuf/duration.proto", DurationProto.getDescriptor(),
      "google/protobuf/empty.proto", EmptyProto.getDescriptor(),
      "google/protobuf/field_mask.proto", FieldMaskProto.getDescriptor(),
      "google/protobuf/struct.proto", StructProto.getDescriptor(),
      "google/protobuf/timestamp.proto", TimestampProto.getDescriptor(),
      "google/protobuf/wrappers.proto", WrappersProto.getDescriptor());

  private final Schema schema;
  private final Map<String, Descriptors.FileDescriptor> built = new HashMap<>(WELL_KNOWN);

  ProtoDescriptors(Schema schema) {
    this.schema = schema;
  }

  Descriptors.FileDescriptor file(String path) {
    Descriptors.FileDescriptor known = built.get(path);
    if (known != null) {
      return known;
    }
    ProtoFile file = schema.protoFile(path);
    List<Descriptors.FileDescriptor> dependencies = new ArrayList<>();
    for (String imported : file.getImports()) {
      dependencies.add(file(imported));
    }
    FileDescriptorProto.Builder proto = FileDescriptorProto.newBuilder()
        .setName(path)
        .setSyntax(file.getSyntax() == Syntax.PROTO_3 ? "proto3" : "proto2")
        .addAllDependency(file.getImports());
    if (file.getPackageName() != null) {
      proto.setPackage(file.getPackageName());
    }
    for (Type type : file.getTypes()) {
      if (type instanceof MessageType message) {
        proto.addMessageType(message(message, file.getSyntax()));
      } else {
        proto.addEnumType(enumeration((EnumType) type));
      }
    }
    try {
      Descriptors.FileDescriptor descriptor = Descriptors.FileDescriptor.buildFrom(
          proto.build(), dependencies.toArray(Descriptors.FileDescriptor[]::new));
      built.put(path, descriptor);
      return descriptor;
    } catch (Descriptors.DescriptorValidationException e) {
      throw new IllegalArgumentException(
          "protobuf-java rejects " + path + ": " + e.getMessage(), e);
    }
  }

  /** A message's descriptor as protoc writes it: fields in declaration order, synthetic oneofs last. */
  private DescriptorProto message(MessageType message, Syntax syntax) {
    DescriptorProto.Builder proto = DescriptorProto.newBuilder().setName(message.getName());
    List<String> oneOfs = message.getOneOfs().stream().map(OneOf::getName).toList();
    oneOfs.forEach(name -> proto.addOneofDecl(OneofDescriptorProto.newBuilder().setName(name)));
    List<String> syntheticOneOfs = new ArrayList<>();
    for (ProtoField declared : ProtoField.of(message, schema)) {
      Field field = declared.field();
      FieldDescriptorProto.Builder fieldProto = field(field);
      if (declared.oneOf() != null) {
        fieldProto.setOneofIndex(oneOfs.indexOf(declared.oneOf()));
      } else if (field.getType().isMap()) {
        String entryName = mapEntryName(field.getName());
        proto.addNestedType(mapEntry(entryName, field.getType()));
        fieldProto
            .setType(FieldDescriptorProto.Type.TYPE_MESSAGE)
            .setTypeName("." + message.getType() + "." + entryName)
            .setLabel(FieldDescriptorProto.Label.LABEL_REPEATED);
      } else if (syntax == Syntax.PROTO_3 && field.getLabel() == Field.Label.OPTIONAL) {
        fieldProto.setProto3Optional(true).setOneofIndex(oneOfs.size() + syntheticOneOfs.size());
        syntheticOneOfs.add("_" + field.getName());
      }
      proto.addField(fieldProto);
    }
    syntheticOneOfs.forEach(
        name -> proto.addOneofDecl(OneofDescriptorProto.newBuilder().setName(name)));
    for (Type nested : message.getNestedTypes()) {
      if (nested instanceof MessageType nestedMessage) {
        proto.addNestedType(message(nestedMessage, syntax));
      } else {
        proto.addEnumType(enumeration((EnumType) nested));
      }
    }
    return proto.build();
  }

  private FieldDescriptorProto.Builder field(Field field) {
    FieldDescriptorProto.Builder proto = FieldDescriptorProto.newBuilder()
        .setName(field.getName())
        .setNumber(field.getTag())
        .setJsonName(field.getJsonName())
        .setLabel(label(field));
    typeOf(proto, field.getType());
    if (field.isRepeated()
        && field.getType().isScalar()
        && !field.getType().equals(ProtoType.STRING)
        && !field.getType().equals(ProtoType.BYTES)) {
      proto.setOptions(FieldOptions.newBuilder().setPacked(field.isPacked()));
    }
    return proto;
  }

  private DescriptorProto mapEntry(String name, ProtoType mapType) {
    FieldDescriptorProto.Builder key = FieldDescriptorProto.newBuilder()
        .setName("key")
        .setNumber(1)
        .setJsonName("key")
        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
    FieldDescriptorProto.Builder value = FieldDescriptorProto.newBuilder()
        .setName("value")
        .setNumber(2)
        .setJsonName("value")
        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
    typeOf(key, mapType.getKeyType());
    typeOf(value, mapType.getValueType());
    return DescriptorProto.newBuilder()
        .setName(name)
        .addField(key)
        .addField(value)
        .setOptions(MessageOptions.newBuilder().setMapEntry(true))
        .build();
  }

  private void typeOf(FieldDescriptorProto.Builder proto, ProtoType type) {
    if (type.isScalar()) {
      proto.setType(FieldDescriptorProto.Type.valueOf(
          "TYPE_" + type.toString().toUpperCase(java.util.Locale.ROOT)));
      return;
    }
    boolean isEnum = schema.getType(type) instanceof EnumType;
    proto
        .setType(
            isEnum ? FieldDescriptorProto.Type.TYPE_ENUM : FieldDescriptorProto.Type.TYPE_MESSAGE)
        .setTypeName("." + type);
  }

  private static FieldDescriptorProto.Label label(Field field) {
    if (field.getLabel() == Field.Label.REPEATED) {
      return FieldDescriptorProto.Label.LABEL_REPEATED;
    }
    if (field.getLabel() == Field.Label.REQUIRED) {
      return FieldDescriptorProto.Label.LABEL_REQUIRED;
    }
    return FieldDescriptorProto.Label.LABEL_OPTIONAL;
  }

  private static EnumDescriptorProto enumeration(EnumType type) {
    EnumDescriptorProto.Builder proto = EnumDescriptorProto.newBuilder().setName(type.getName());
    for (EnumConstant constant : type.getConstants()) {
      proto.addValue(EnumValueDescriptorProto.newBuilder()
          .setName(constant.getName())
          .setNumber(constant.getTag()));
    }
    return proto.build();
  }

  static String mapEntryName(String fieldName) {
    StringBuilder name = new StringBuilder();
    boolean upperNext = true;
    for (int i = 0; i < fieldName.length(); i++) {
      char c = fieldName.charAt(i);
      if (c == '_') {
        upperNext = true;
      } else {
        name.append(upperNext ? Character.toUpperCase(c) : c);
        upperNext = false;
      }
    }
    return name.append("Entry").toString();
  }
}
