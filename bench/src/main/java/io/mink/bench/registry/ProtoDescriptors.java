package io.mink.bench.registry;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.TimestampProto;
import com.squareup.wire.Syntax;
import com.squareup.wire.schema.CoreLoader;
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
 * the text; the descriptor is then built as protoc would build it. Only what the benchmark's schema
 * uses is supported: scalar, message and repeated fields, proto3 {@code optional}, nested messages,
 * and imports of google/protobuf/timestamp.proto (protobuf-java's own descriptor). Schema-mapping's
 * test ProtoDescriptors covers the rest (enums, oneofs, maps, every well-known type).
 */
final class ProtoDescriptors {
  private static final String PATH = "order.proto";
  private static final Map<String, Descriptors.FileDescriptor> WELL_KNOWN =
      Map.of("google/protobuf/timestamp.proto", TimestampProto.getDescriptor());

  private ProtoDescriptors() {}

  /** The descriptor of the file, which imports nothing but well-known types this class knows. */
  static Descriptors.FileDescriptor of(String protoText) {
    ProtoFile parsed = ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(PATH), protoText));
    Schema schema = new Linker(CoreLoader.INSTANCE, new ErrorCollector(), true, true).link(List.of(parsed));
    ProtoFile file = schema.protoFile(PATH);
    List<Descriptors.FileDescriptor> dependencies = new ArrayList<>();
    for (String imported : file.getImports()) {
      Descriptors.FileDescriptor known = WELL_KNOWN.get(imported);
      if (known == null) {
        throw new IllegalArgumentException("Cannot build descriptors of a file importing " + imported
            + ": only " + WELL_KNOWN.keySet() + " are known");
      }
      dependencies.add(known);
    }
    FileDescriptorProto.Builder proto = FileDescriptorProto.newBuilder()
        .setName(PATH)
        .setSyntax(file.getSyntax() == Syntax.PROTO_3 ? "proto3" : "proto2")
        .addAllDependency(file.getImports());
    if (file.getPackageName() != null) {
      proto.setPackage(file.getPackageName());
    }
    for (Type type : file.getTypes()) {
      proto.addMessageType(message(type, file.getSyntax()));
    }
    try {
      return Descriptors.FileDescriptor.buildFrom(proto.build(), dependencies.toArray(Descriptors.FileDescriptor[]::new));
    } catch (Descriptors.DescriptorValidationException e) {
      throw new IllegalArgumentException("protobuf-java rejects the benchmark's .proto: " + e.getMessage(), e);
    }
  }

  /** A message as protoc describes it: fields in declaration order, proto3 optional as synthetic oneofs. */
  private static DescriptorProto message(Type type, Syntax syntax) {
    if (!(type instanceof MessageType message) || !message.getOneOfs().isEmpty()) {
      throw new IllegalArgumentException("Cannot describe " + type.getType() + ": enums and oneofs are not supported");
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
        fieldProto.setType(FieldDescriptorProto.Type.valueOf("TYPE_" + fieldType.toString().toUpperCase(Locale.ROOT)));
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
      proto.addNestedType(message(nested, syntax));
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
