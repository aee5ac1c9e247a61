package io.mink.schema.protobuf;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.InvalidProtocolBufferException;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.Base64;

/**
 * The .proto source text of a serialized {@code google.protobuf.FileDescriptorProto}. Confluent's
 * serializers outside Java (the npm package {@code @confluentinc/schemaregistry} among them)
 * register each .proto file as its descriptor in base64 rather than as text; a Confluent registry
 * parses text first, then a base64 descriptor, and keeps the .proto text. This is that second
 * parser, for Mink and for the test registry.
 *
 * <p>The text decodes like the descriptor: syntax, package, imports (public and weak), messages
 * with their nested messages and enums, fields with labels (proto3 {@code optional} from its
 * synthetic oneof), map fields as {@code map<K, V>} in place of their entry messages, oneofs,
 * {@code packed}, enums with {@code allow_alias}, reserved numbers and names, and the comments of
 * the descriptor's source info, which become column docs. Type names are fully qualified with a
 * leading dot, as the descriptor has them. Left out, as no decoding depends on them: other
 * options, {@code json_name}, proto2 defaults (Mink does not apply them), extension ranges,
 * extensions and services. An editions file becomes proto2 or proto3 text with the same field
 * presence where it can (see {@link EditionLabels}). Groups are not supported.
 */
public final class SerializedProtoFile {
  private SerializedProtoFile() {}

  /**
   * Whether a registered schema text can only be a serialized descriptor: non-blank and nothing
   * but base64 characters, which no .proto file is.
   */
  public static boolean looksSerialized(String text) {
    String stripped = requireNonNull(text, "text is null").strip();
    return !stripped.isEmpty() && stripped.chars().allMatch(SerializedProtoFile::isBase64Character);
  }

  /**
   * The .proto text of a base64-encoded {@code FileDescriptorProto}.
   *
   * @throws UnreadableSchemaException the text is not base64, its bytes are not a descriptor, or
   *     the descriptor has what the text cannot express (groups, an unknown syntax)
   */
  public static String toProtoText(String base64) throws UnreadableSchemaException {
    byte[] bytes;
    try {
      bytes =
          Base64.getDecoder().decode(requireNonNull(base64, "base64 is null").strip());
    } catch (IllegalArgumentException e) {
      throw new UnreadableSchemaException(
          "Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: "
              + "it is not base64 (" + e.getMessage() + ")",
          e);
    }
    FileDescriptorProto file;
    try {
      file = FileDescriptorProto.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new UnreadableSchemaException(
          "Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: " + "its "
              + bytes.length + " bytes are not a google.protobuf.FileDescriptorProto ("
              + e.getMessage() + ")",
          e);
    }
    return toProtoText(file);
  }

  /**
   * The .proto text of a {@code FileDescriptorProto}.
   *
   * @throws UnreadableSchemaException the descriptor has groups or delimited message fields, a
   *     syntax other than proto2, proto3 and editions, or indexes that point nowhere
   */
  public static String toProtoText(FileDescriptorProto file) throws UnreadableSchemaException {
    requireNonNull(file, "file is null");
    try {
      return print(file);
    } catch (RuntimeException e) {
      throw new UnreadableSchemaException(
          "Cannot read the serialized Protobuf file " + file.getName()
              + ": it is no valid FileDescriptorProto (" + e + ")",
          e);
    }
  }

  private static String print(FileDescriptorProto file) throws UnreadableSchemaException {
    return switch (file.getSyntax()) {
      case "" -> ProtoSourcePrinter.print(file, null, FieldLabels.PROTO2);
      case "proto2" -> ProtoSourcePrinter.print(file, "proto2", FieldLabels.PROTO2);
      case "proto3" -> ProtoSourcePrinter.print(file, "proto3", FieldLabels.PROTO3);
      case "editions" -> {
        EditionLabels labels = EditionLabels.of(file);
        yield ProtoSourcePrinter.print(file, labels.syntax(), labels);
      }
      default ->
        throw new UnreadableSchemaException(
            "Cannot read the serialized Protobuf file " + file.getName() + ": its syntax \""
                + file.getSyntax() + "\" is none of proto2, proto3 and editions");
    };
  }

  private static boolean isBase64Character(int c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '+'
        || c == '/'
        || c == '=';
  }
}
