package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A JSON array to an Iceberg list; null elements only where the element type is optional. */
final class ListDecoder extends ValueDecoder {
  private final Types.ListType type;
  private final ValueDecoder element;

  ListDecoder(String subject, Types.ListType type, ValueDecoder element) {
    super(subject);
    this.type = type;
    this.element = element;
  }

  @Override
  Type type() {
    return type;
  }

  @Override
  String expected() {
    return "an array";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.START_ARRAY) {
      throw wrongType(parser, token);
    }
    List<Object> values = new ArrayList<>();
    JsonToken next;
    while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (next == null) {
        throw failure(parser, "ends inside the array");
      }
      if (next != JsonToken.VALUE_NULL) {
        values.add(element.decode(parser, next));
      } else if (type.isElementOptional()) {
        values.add(null);
      } else {
        throw element.wrongType(parser, next);
      }
    }
    return values;
  }
}
