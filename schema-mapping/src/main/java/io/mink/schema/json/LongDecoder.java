package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A JSON integer to an Iceberg long. Only integer tokens are accepted: 1.0, 1e3 and 1.5 are not
 * integers here, nor are integers beyond the range of a long.
 */
final class LongDecoder extends ValueDecoder {
  LongDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.LongType.get();
  }

  @Override
  String expected() {
    return "an integer";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_NUMBER_INT) {
      throw wrongType(parser, token);
    }
    JsonParser.NumberType size = parser.getNumberType();
    if (size != JsonParser.NumberType.INT && size != JsonParser.NumberType.LONG) {
      throw failure(parser, "is out of the range of a long");
    }
    return parser.getLongValue();
  }
}
