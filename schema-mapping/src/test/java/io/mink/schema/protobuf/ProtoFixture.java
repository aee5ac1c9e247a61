package io.mink.schema.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;

/**
 * A .proto file compiled two ways: by {@link ProtobufSchemaCompiler}, under test, and into
 * protobuf-java descriptors, which write the payloads the tests decode.
 */
final class ProtoFixture {
  private static final String PATH = "fixture.proto";

  private final CompiledSchema compiled;
  private final Descriptors.FileDescriptor file;

  private ProtoFixture(CompiledSchema compiled, Descriptors.FileDescriptor file) {
    this.compiled = compiled;
    this.file = file;
  }

  static ProtoFixture of(String text) {
    return of(text, Map.of());
  }

  /** @param imports the text of each imported file by import path, registered as references */
  static ProtoFixture of(String text, Map<String, String> imports) {
    List<SchemaReference> references = new ArrayList<>();
    imports.forEach((path, imported) -> references.add(
        new SchemaReference(path, path, 1, RegisteredSchema.of(SchemaType.PROTOBUF, imported))));
    try {
      CompiledSchema compiled = new ProtobufSchemaCompiler()
          .compile(new RegisteredSchema(SchemaType.PROTOBUF, text, references));
      return new ProtoFixture(compiled, new ProtoDescriptors(link(text, imports)).file(PATH));
    } catch (UnreadableSchemaException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  CompiledSchema compiled() {
    return compiled;
  }

  Types.StructType struct() {
    return compiled.type().asStructType();
  }

  Types.NestedField column(String name) {
    return struct().field(name);
  }

  Descriptors.FileDescriptor file() {
    return file;
  }

  /** A message of the file by its name inside the package, e.g. {@code Order} or {@code Order.Line}. */
  MessageBuilder message(String name) {
    return new MessageBuilder(descriptor(name));
  }

  Descriptors.Descriptor descriptor(String name) {
    String[] path = name.split("\\.");
    Descriptors.Descriptor descriptor = file.findMessageTypeByName(path[0]);
    for (int i = 1; i < path.length; i++) {
      descriptor = descriptor.findNestedTypeByName(path[i]);
    }
    return descriptor;
  }

  GenericRecord decode(byte[] payload) throws UndecodableException {
    return (GenericRecord) compiled.decode(payload, 0, payload.length);
  }

  GenericRecord decode(MessageBuilder message) throws UndecodableException {
    return decode(message.bytes());
  }

  private static Schema link(String text, Map<String, String> imports) {
    Loader loader = new Loader() {
      @Override
      public ProtoFile load(String path) {
        String imported = imports.get(path);
        return imported == null
            ? CoreLoader.INSTANCE.load(path)
            : ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(path), imported));
      }

      @Override
      public Loader withErrors(ErrorCollector errors) {
        return this;
      }
    };
    ProtoFile main = ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(PATH), text));
    return new Linker(loader, new ErrorCollector(), true, true).link(List.of(main));
  }

  /** Sets a DynamicMessage's fields by name from plain Java values. */
  static final class MessageBuilder {
    private final Descriptors.Descriptor descriptor;
    private final DynamicMessage.Builder builder;

    MessageBuilder(Descriptors.Descriptor descriptor) {
      this.descriptor = descriptor;
      this.builder = DynamicMessage.newBuilder(descriptor);
    }

    /**
     * Sets a field: a List for a repeated field, a Map for a map field, a String or Integer (an
     * unknown number) for an enum, a byte[] for bytes, a MessageBuilder or Message for a message.
     */
    MessageBuilder set(String name, Object value) {
      FieldDescriptor field = descriptor.findFieldByName(name);
      if (field == null) {
        throw new IllegalArgumentException(descriptor.getFullName() + " has no field " + name);
      }
      if (field.isMapField()) {
        Descriptors.Descriptor entry = field.getMessageType();
        ((Map<?, ?>) value)
            .forEach((key, entryValue) -> builder.addRepeatedField(
                field,
                new MessageBuilder(entry)
                    .set("key", key)
                    .set("value", entryValue)
                    .build()));
      } else if (field.isRepeated()) {
        for (Object element : (List<?>) value) {
          builder.addRepeatedField(field, convert(field, element));
        }
      } else {
        builder.setField(field, convert(field, value));
      }
      return this;
    }

    DynamicMessage build() {
      return builder.build();
    }

    byte[] bytes() {
      return builder.build().toByteArray();
    }

    /** The bytes even when proto2 required fields are missing. */
    byte[] partialBytes() {
      return builder.buildPartial().toByteArray();
    }

    private static Object convert(FieldDescriptor field, Object value) {
      if (value instanceof byte[] bytes) {
        return ByteString.copyFrom(bytes);
      }
      if (value instanceof MessageBuilder message) {
        return message.build();
      }
      if (field.getType() == FieldDescriptor.Type.ENUM) {
        return value instanceof Integer number
            ? field.getEnumType().findValueByNumberCreatingIfUnknown(number)
            : field.getEnumType().findValueByName((String) value);
      }
      return value;
    }
  }

  /** A map keeping the order its entries are given in. */
  static Map<Object, Object> orderedMap(Object... keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
