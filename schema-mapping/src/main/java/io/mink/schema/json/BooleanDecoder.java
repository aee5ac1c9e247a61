package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** JSON true or false to an Iceberg boolean. */
final class BooleanDecoder extends ValueDecoder {
  BooleanDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.BooleanType.get();
  }

  @Override
  String expected() {
    return "a boolean";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws UndecodableException {
    if (token == JsonToken.VALUE_TRUE) {
      return true;
    }
    if (token == JsonToken.VALUE_FALSE) {
      return false;
    }
    throw wrongType(parser, token);
  }
}
