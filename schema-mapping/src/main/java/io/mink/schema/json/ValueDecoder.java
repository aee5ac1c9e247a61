package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import org.apache.iceberg.types.Type;

/**
 * Decodes one JSON value, straight from the parser's tokens, into an Iceberg generic value. Built
 * once per schema by {@link JsonSchemaToDecoder}; the decoder of a container handles null for its
 * children, so {@link #decode} never sees a null token.
 */
abstract class ValueDecoder {
  private final String subject;

  /** The subject of error messages: "Property 'address.city'", "An element of 'tags'", "The payload". */
  ValueDecoder(String subject) {
    this.subject = subject;
  }

  final String subject() {
    return subject;
  }

  abstract Type type();

  /** What the value must be, after "must be": "an integer", "an object". */
  abstract String expected();

  /**
   * Decodes the value whose first token, never {@link JsonToken#VALUE_NULL}, the parser is on,
   * leaving the parser on the value's last token.
   */
  abstract Object decode(JsonParser parser, JsonToken token)
      throws IOException, UndecodableException;

  final UndecodableException wrongType(JsonParser parser, JsonToken token) {
    return failure(parser, "must be " + expected() + ", not " + describe(token));
  }

  final UndecodableException failure(JsonParser parser, String problem) {
    JsonLocation at = parser.currentTokenLocation();
    return new UndecodableException(
        subject + " " + problem + ", at line " + at.getLineNr() + ", column " + at.getColumnNr());
  }

  static String describe(JsonToken token) {
    if (token == null) {
      return "the end of the payload";
    }
    return switch (token) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT -> "an integer";
      case VALUE_NUMBER_FLOAT -> "a number with a fraction or exponent";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> token.name();
    };
  }
}
