package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A JSON string to an Iceberg string; no other JSON type is turned into one. */
final class StringDecoder extends ValueDecoder {
  StringDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.StringType.get();
  }

  @Override
  String expected() {
    return "a string";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_STRING) {
      throw wrongType(parser, token);
    }
    return parser.getText();
  }
}
