package io.mink.indexer.round;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.SchemaEncoder;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@link EvolutionType} as a .proto file: the value's struct is the file's first message, every
 * other struct a message after it; required and optional fields are proto2 {@code required} and
 * {@code optional} (in proto3, fields without a label, whose presence is implicit, and
 * {@code optional}), lists {@code repeated}, maps {@code map<K, V>}; field numbers follow field
 * order. The text is parsed and linked by Wire and encoded as the {@code FileDescriptorProto} protoc
 * would write, from which protobuf-java's DynamicMessage writes the payloads.
 */
final class EvolutionProtobuf implements EvolutionLanguage.Writer {
  private static final String PATH = "evolution.proto";

  private final String text;
  private final Descriptor root;

  /** A proto2 file. */
  EvolutionProtobuf(EvolutionType type) {
    this(type, false);
  }

  private EvolutionProtobuf(EvolutionType type, boolean proto3) {
    if (!(type instanceof EvolutionType.Struct struct)) {
      throw new IllegalArgumentException("A Protobuf schema is a message, not a " + type);
    }
    this.text = render(struct, proto3);
    this.root = descriptor(text).findMessageTypeByName(struct.name());
  }

  /** A proto3 file, whose required fields are scalars of implicit presence (structs cannot be required). */
  static EvolutionProtobuf proto3(EvolutionType.Struct struct) {
    return new EvolutionProtobuf(struct, true);
  }

  @Override
  public String schemaText() {
    return text;
  }

  @Override
  public byte[] write(Object value) {
    return message(root, (Map<?, ?>) value).toByteArray();
  }

  private static String render(EvolutionType.Struct root, boolean proto3) {
    String syntax = proto3 ? "proto3" : "proto2";
    StringBuilder text = new StringBuilder("syntax = \"" + syntax + "\";\npackage evolution;\n");
    Map<String, EvolutionType.Struct> messages = new LinkedHashMap<>();
    Deque<EvolutionType.Struct> pending = new ArrayDeque<>(List.of(root));
    while (!pending.isEmpty()) {
      EvolutionType.Struct struct = pending.pop();
      if (messages.putIfAbsent(struct.name(), struct) != null) {
        continue;
      }
      text.append("\nmessage ").append(struct.name()).append(" {\n");
      int number = 1;
      for (EvolutionType.Field field : struct.fields()) {
        if (field.doc() != null) {
          text.append("  // ").append(field.doc()).append('\n');
        }
        text.append("  ")
            .append(declaration(field, proto3, pending))
            .append(" = ")
            .append(number++)
            .append(";\n");
      }
      text.append("}\n");
    }
    return text.toString();
  }

  private static String declaration(
      EvolutionType.Field field, boolean proto3, Deque<EvolutionType.Struct> pending) {
    if (field.type() instanceof EvolutionType.ListOf list) {
      return "repeated " + typeName(list.element(), pending) + " " + field.name();
    }
    if (field.type() instanceof EvolutionType.MapOf map) {
      return "map<" + typeName(map.key(), pending) + ", " + typeName(map.value(), pending) + "> "
          + field.name();
    }
    if (proto3 && field.required() && field.type() instanceof EvolutionType.Struct) {
      throw new IllegalArgumentException("proto3 has no required message field: " + field.name());
    }
    String label = field.required() ? (proto3 ? "" : "required ") : "optional ";
    return label + typeName(field.type(), pending) + " " + field.name();
  }

  private static String typeName(EvolutionType type, Deque<EvolutionType.Struct> pending) {
    if (type instanceof EvolutionType.Primitive primitive) {
      return switch (primitive) {
        case INT -> "int32";
        case LONG -> "int64";
        case FLOAT -> "float";
        case DOUBLE -> "double";
        case STRING -> "string";
      };
    }
    if (type instanceof EvolutionType.Struct struct) {
      pending.add(struct);
      return struct.name();
    }
    throw new IllegalArgumentException(
        "Protobuf has no " + type + " as a field, element or map value type");
  }

  private static FileDescriptor descriptor(String text) {
    Loader loader = new Loader() {
      @Override
      public ProtoFile load(String path) {
        return CoreLoader.INSTANCE.load(path);
      }

      @Override
      public Loader withErrors(ErrorCollector errors) {
        return this;
      }
    };
    ErrorCollector errors = new ErrorCollector();
    Schema schema = new Linker(loader, errors, true, true)
        .link(List.of(
            ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(PATH), text))));
    errors.throwIfNonEmpty();
    try {
      FileDescriptorProto file = FileDescriptorProto.parseFrom(
          new SchemaEncoder(schema).encode(schema.protoFile(PATH)).toByteArray());
      return FileDescriptor.buildFrom(file, new FileDescriptor[0]);
    } catch (InvalidProtocolBufferException | DescriptorValidationException e) {
      throw new IllegalArgumentException(
          "protobuf-java rejects the descriptor of\n" + text + e.getMessage(), e);
    }
  }

  private static DynamicMessage message(Descriptor descriptor, Map<?, ?> fields) {
    DynamicMessage.Builder message = DynamicMessage.newBuilder(descriptor);
    fields.forEach((name, value) -> {
      FieldDescriptor field = descriptor.findFieldByName((String) name);
      if (field == null) {
        throw new IllegalArgumentException(
            "Message " + descriptor.getName() + " has no field " + name);
      }
      if (field.isMapField()) {
        Descriptor entry = field.getMessageType();
        FieldDescriptor key = entry.findFieldByName("key");
        FieldDescriptor entryValue = entry.findFieldByName("value");
        ((Map<?, ?>) value)
            .forEach((k, v) -> message.addRepeatedField(
                field,
                DynamicMessage.newBuilder(entry)
                    .setField(key, single(key, k))
                    .setField(entryValue, single(entryValue, v))
                    .build()));
      } else if (field.isRepeated()) {
        ((List<?>) value).forEach(item -> message.addRepeatedField(field, single(field, item)));
      } else {
        message.setField(field, single(field, value));
      }
    });
    return message.build();
  }

  private static Object single(FieldDescriptor field, Object value) {
    return switch (field.getType()) {
      case MESSAGE -> message(field.getMessageType(), (Map<?, ?>) value);
      case INT32 -> ((Number) value).intValue();
      case INT64 -> ((Number) value).longValue();
      case FLOAT -> ((Number) value).floatValue();
      case DOUBLE -> ((Number) value).doubleValue();
      case STRING -> value.toString();
      default ->
        throw new IllegalArgumentException("EvolutionType has no Protobuf " + field.getType());
    };
  }
}
