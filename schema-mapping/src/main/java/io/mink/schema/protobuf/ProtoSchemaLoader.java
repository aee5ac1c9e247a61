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
 * by import path, and the well-known types bundled with Wire (google/protobuf/*.proto).
 */
final class ProtoSchemaLoader {
  private static final String REGISTERED_PATH = "registered-schema.proto";
  private static final String BUNDLED_PREFIX = "google/protobuf/";

  private ProtoSchemaLoader() {}

  static LinkedProtoSchema load(RegisteredSchema registered) throws UnreadableSchemaException {
    if (registered.type() != SchemaType.PROTOBUF) {
      throw new UnreadableSchemaException("Expected a Protobuf schema, got schema type " + registered.type());
    }
    Map<String, String> imports = importsByPath(registered);
    try {
      ProtoFileElement element = parse(REGISTERED_PATH, registered.text());
      ErrorCollector errors = new ErrorCollector();
      Linker linker = new Linker(new ReferenceLoader(imports), errors, true, true);
      Schema schema = linker.link(List.of(ProtoFile.Companion.get(element)));
      errors.throwIfNonEmpty();
      return new LinkedProtoSchema(schema, element, firstMessage(schema.protoFile(REGISTERED_PATH)));
    } catch (MissingImportException e) {
      throw new UnreadableSchemaException(e.getMessage());
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
    throw new IllegalArgumentException("the schema defines no message, so there is nothing to decode");
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
            throw new MissingImportException(path);
          }
        }
      }
      String text = imports.get(path);
      if (text == null) {
        throw new MissingImportException(path);
      }
      return ProtoFile.Companion.get(parse(path, text));
    }

    @Override
    public Loader withErrors(ErrorCollector errors) {
      return this;
    }
  }

  private static final class MissingImportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingImportException(String path) {
      super("Protobuf schema imports \"" + path + "\", which is neither among its references nor a well-known type");
    }
  }
}
