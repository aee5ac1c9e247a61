package io.mink.testkit.orders;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.TimestampProto;
import com.squareup.wire.Syntax;
import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.EnumConstant;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the protobuf-java descriptor of a .proto file, so that its payloads are written by
 * protobuf-java, the reference library, from the same text Mink compiles. Wire parses and links
 * the text; the descriptor is then built as protoc would build it. Only what the order schemas use
 * is supported: scalar, enum, message and repeated fields, proto3 {@code optional}, nested messages and
 * enums, and imports of google/protobuf/timestamp.proto (protobuf-java's own descriptor). Schema-mapping's
 * test ProtoDescriptors covers the rest (oneofs, maps, every well-known type).
 */
final class ProtoDescriptors {
  private static final Map<String, Descriptors.FileDescriptor> WELL_KNOWN =
      Map.of("google/protobuf/timestamp.proto", TimestampProto.getDescriptor());

  private ProtoDescriptors() {}

  /** The descriptor of the file at {@code path}, which imports nothing but well-known types this class knows. */
  static Descriptors.FileDescriptor of(String path, String protoText) {
    ProtoFile parsed =
        ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(path), protoText));
    Schema schema =
        new Linker(CoreLoader.INSTANCE, new ErrorCollector(), true, true).link(List.of(parsed));
    ProtoFile file = schema.protoFile(path);
    List<Descriptors.FileDescriptor> dependencies = new ArrayList<>();
    for (String imported : file.getImports()) {
      Descriptors.FileDescriptor known = WELL_KNOWN.get(imported);
      if (known == null) {
        throw new IllegalArgumentException("Cannot build descriptors of a file importing "
            + imported + ": only " + WELL_KNOWN.keySet() + " are known");
      }
      dependencies.add(known);
    }
    FileDescriptorProto.Builder proto = FileDescriptorProto.newBuilder()
        .setName(path)
        .setSyntax(file.getSyntax() == Syntax.PROTO_3 ? "proto3" : "proto2")
        .addAllDependency(file.getImports());
    if (file.getPackageName() != null) {
      proto.setPackage(file.getPackageName());
    }
    for (Type type : file.getTypes()) {
      if (type instanceof EnumType enumType) {
        proto.addEnumType(enumeration(enumType));
      } else {
        proto.addMessageType(message(type, file.getSyntax(), schema));
      }
    }
    try {
      return Descriptors.FileDescriptor.buildFrom(
          proto.build(), dependencies.toArray(Descriptors.FileDescriptor[]::new));
    } catch (Descriptors.DescriptorValidationException e) {
      throw new IllegalArgumentException(
          "protobuf-java rejects " + path + ": " + e.getMessage(), e);
    }
  }

  /** A message as protoc describes it: fields in declaration order, proto3 optional as synthetic oneofs. */
  private static DescriptorProto message(Type type, Syntax syntax, Schema schema) {
    if (!(type instanceof MessageType message) || !message.getOneOfs().isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot describe " + type.getType() + ": oneofs are not supported");
    }
    DescriptorProto.Builder proto = DescriptorProto.newBuilder().setName(message.getName());
    int syntheticOneOfs = 0;
    for (Field field : message.getDeclaredFields()) {
      FieldDescriptorProto.Builder fieldProto = FieldDescriptorProto.newBuilder()
          .setName(field.getName())
          .setNumber(field.getTag())
          .setJsonName(field.getJsonName())
          .setLabel(label(field));
      ProtoType fieldType = field.getType();
      if (fieldType.isMap()) {
        throw new IllegalArgumentException("Cannot describe map field " + field.getQualifiedName());
      }
      if (fieldType.isScalar()) {
        fieldProto.setType(FieldDescriptorProto.Type.valueOf(
            "TYPE_" + fieldType.toString().toUpperCase(Locale.ROOT)));
      } else if (schema.getType(fieldType) instanceof EnumType) {
        fieldProto.setType(FieldDescriptorProto.Type.TYPE_ENUM).setTypeName("." + fieldType);
      } else {
        fieldProto.setType(FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName("." + fieldType);
      }
      if (syntax == Syntax.PROTO_3 && field.getLabel() == Field.Label.OPTIONAL) {
        fieldProto.setProto3Optional(true).setOneofIndex(syntheticOneOfs++);
        proto.addOneofDecl(OneofDescriptorProto.newBuilder().setName("_" + field.getName()));
      }
      proto.addField(fieldProto);
    }
    for (Type nested : message.getNestedTypes()) {
      if (nested instanceof EnumType enumType) {
        proto.addEnumType(enumeration(enumType));
      } else {
        proto.addNestedType(message(nested, syntax, schema));
      }
    }
    return proto.build();
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

  private static FieldDescriptorProto.Label label(Field field) {
    if (field.getLabel() == Field.Label.REPEATED) {
      return FieldDescriptorProto.Label.LABEL_REPEATED;
    }
    if (field.getLabel() == Field.Label.REQUIRED) {
      return FieldDescriptorProto.Label.LABEL_REQUIRED;
    }
    return FieldDescriptorProto.Label.LABEL_OPTIONAL;
  }
}
