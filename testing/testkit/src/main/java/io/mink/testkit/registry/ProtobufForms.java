package io.mink.testkit.registry;

import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.SchemaEncoder;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.protobuf.SerializedProtoFile;
import java.util.List;
import java.util.Map;

/**
 * The two forms of a Protobuf schema a Confluent registry knows: the .proto text it keeps, and the
 * base64 {@code FileDescriptorProto} it serves when asked with {@code ?format=serialized}.
 *
 * <p>Confluent's registry parses a registered Protobuf schema as .proto text, else as a base64
 * descriptor (what its serializers outside Java register), and keeps its canonical .proto text.
 * This registry does the same for descriptors, with {@link SerializedProtoFile}'s text; .proto text
 * it keeps as registered, where Confluent would reformat it.
 */
final class ProtobufForms {
  /** The file name of the schema itself in its serialized form, as Confluent names it. */
  private static final String SERIALIZED_NAME = "default";

  private ProtobufForms() {}

  /**
   * The text the registry keeps for a registered Protobuf schema.
   *
   * @throws RegistryError 42201 for base64 text that is no descriptor this registry can read
   */
  static String canonical(String registered) {
    if (!SerializedProtoFile.looksSerialized(registered)) {
      return registered;
    }
    try {
      return SerializedProtoFile.toProtoText(registered);
    } catch (UnreadableSchemaException e) {
      throw RegistryError.invalidSchema(
          "Invalid schema " + registered + " of type PROTOBUF, details: " + e.getMessage());
    }
  }

  /**
   * The base64 {@code FileDescriptorProto} of a kept schema, encoded by Wire.
   *
   * @param importsByPath the kept text of every file the schema imports, directly or not, by import
   *     path; the well-known types need none
   * @throws RegistryError 50001 when the text does not parse or link
   */
  static String serialized(String text, Map<String, String> importsByPath) {
    try {
      ErrorCollector errors = new ErrorCollector();
      Loader loader = new Loader() {
        @Override
        public ProtoFile load(String path) {
          String imported = importsByPath.get(path);
          return imported == null ? CoreLoader.INSTANCE.load(path) : file(path, imported);
        }

        @Override
        public Loader withErrors(ErrorCollector errors) {
          return this;
        }
      };
      Schema schema =
          new Linker(loader, errors, true, true).link(List.of(file(SERIALIZED_NAME, text)));
      errors.throwIfNonEmpty();
      return new SchemaEncoder(schema).encode(schema.protoFile(SERIALIZED_NAME)).base64();
    } catch (RuntimeException e) {
      throw new RegistryError(
          500, 50001, "The fake registry cannot serialize the Protobuf schema: " + e.getMessage());
    }
  }

  private static ProtoFile file(String path, String text) {
    return ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(path), text));
  }
}
