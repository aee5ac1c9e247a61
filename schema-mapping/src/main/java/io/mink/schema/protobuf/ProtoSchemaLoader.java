package io.mink.schema.protobuf;

import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses a registered .proto file with Wire and links it with its imports: the schema's references,
 * by import path, and the well-known types bundled with Wire (google/protobuf/*.proto). A schema or
 * reference whose text is not .proto text but a base64 {@code FileDescriptorProto}, as Confluent's
 * serializers outside Java register them, is read as {@link SerializedProtoFile}'s .proto text of
 * it, as Confluent's registry reads it.
 */
final class ProtoSchemaLoader {
  private static final String REGISTERED_PATH = "registered-schema.proto";
  private static final String BUNDLED_PREFIX = "google/protobuf/";

  private ProtoSchemaLoader() {}

  static LinkedProtoSchema load(RegisteredSchema registered) throws UnreadableSchemaException {
    if (registered.type() != SchemaType.PROTOBUF) {
      throw new UnreadableSchemaException(
          "Expected a Protobuf schema, got schema type " + registered.type());
    }
    Map<String, String> imports = importsByPath(registered);
    ProtoFileElement element = parseTextOrDescriptor(REGISTERED_PATH, registered.text());
    try {
      ErrorCollector errors = new ErrorCollector();
      Linker linker = new Linker(new ReferenceLoader(imports), errors, true, true);
      Schema schema = linker.link(List.of(ProtoFile.Companion.get(element)));
      errors.throwIfNonEmpty();
      return new LinkedProtoSchema(
          schema, element, firstMessage(schema.protoFile(REGISTERED_PATH)));
    } catch (ImportException e) {
      throw new UnreadableSchemaException(e.getMessage(), e.getCause());
    } catch (RuntimeException | StackOverflowError e) {
      throw new UnreadableSchemaException("Unreadable Protobuf schema: " + e.getMessage(), e);
    }
  }

  private static MessageType firstMessage(ProtoFile file) {
    for (Type type : file.getTypes()) {
      if (type instanceof MessageType message) {
        return message;
      }
    }
    throw new IllegalArgumentException(
        "the schema defines no message, so there is nothing to decode");
  }

  private static Map<String, String> importsByPath(RegisteredSchema registered) {
    Map<String, String> imports = new HashMap<>();
    Deque<SchemaReference> pending = new ArrayDeque<>(registered.references());
    while (!pending.isEmpty()) {
      SchemaReference reference = pending.pop();
      if (imports.putIfAbsent(reference.name(), reference.schema().text()) == null) {
        pending.addAll(reference.schema().references());
      }
    }
    return imports;
  }

  /**
   * Parses .proto text, or else a base64 {@code FileDescriptorProto}: text that is not .proto text
   * and has only base64 characters is read as one.
   */
  private static ProtoFileElement parseTextOrDescriptor(String path, String text)
      throws UnreadableSchemaException {
    try {
      return parse(path, text);
    } catch (RuntimeException | StackOverflowError e) {
      if (!SerializedProtoFile.looksSerialized(text)) {
        throw new UnreadableSchemaException("Unreadable Protobuf schema: " + e.getMessage(), e);
      }
    }
    String converted = SerializedProtoFile.toProtoText(text);
    try {
      return parse(path, converted);
    } catch (RuntimeException | StackOverflowError e) {
      throw new UnreadableSchemaException(
          "Unreadable Protobuf schema: the .proto text of its serialized "
              + "FileDescriptorProto does not parse: " + e.getMessage(),
          e);
    }
  }

  private static ProtoFileElement parse(String path, String text) {
    return ProtoParser.Companion.parse(Location.get(path), text);
  }

  /** Loads imports from the schema's references, and the well-known types from Wire's bundle. */
  private record ReferenceLoader(Map<String, String> imports) implements Loader {
    @Override
    public ProtoFile load(String path) {
      if (path.startsWith(BUNDLED_PREFIX) || path.equals("wire/extensions.proto")) {
        try {
          return CoreLoader.INSTANCE.load(path);
        } catch (RuntimeException e) {
          if (!imports.containsKey(path)) {
            throw ImportException.missing(path);
          }
        }
      }
      String text = imports.get(path);
      if (text == null) {
        throw ImportException.missing(path);
      }
      try {
        return ProtoFile.Companion.get(parseTextOrDescriptor(path, text));
      } catch (UnreadableSchemaException e) {
        throw ImportException.unreadable(path, e);
      }
    }

    @Override
    public Loader withErrors(ErrorCollector errors) {
      return this;
    }
  }

  /** An import that cannot be loaded, thrown through Wire's linker. */
  private static final class ImportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private ImportException(String message, Throwable cause) {
      super(message, cause);
    }

    static ImportException missing(String path) {
      return new ImportException(
          "Protobuf schema imports \"" + path
              + "\", which is neither among its references nor a well-known type",
          null);
    }

    static ImportException unreadable(String path, UnreadableSchemaException e) {
      return new ImportException(
          "Protobuf schema imports \"" + path + "\", whose reference is unreadable: "
              + e.getMessage(),
          e);
    }
  }
}
