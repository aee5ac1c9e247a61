package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A JSON number, integer or not, to an Iceberg double; numbers beyond a double's range are rejected. */
final class DoubleDecoder extends ValueDecoder {
  DoubleDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.DoubleType.get();
  }

  @Override
  String expected() {
    return "a number";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_NUMBER_FLOAT && token != JsonToken.VALUE_NUMBER_INT) {
      throw wrongType(parser, token);
    }
    double value = parser.getDoubleValue();
    if (Double.isInfinite(value)) {
      throw failure(parser, "is out of the range of a double");
    }
    return value;
  }
}
