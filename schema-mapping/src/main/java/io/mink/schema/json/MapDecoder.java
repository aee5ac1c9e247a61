package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A JSON object without declared properties to an Iceberg map from property names to values, in
 * the payload's order. A key given twice makes it undecodable; null values only where the value
 * type is optional.
 */
final class MapDecoder extends ValueDecoder {
  private final Types.MapType type;
  private final ValueDecoder values;

  MapDecoder(String subject, Types.MapType type, ValueDecoder values) {
    super(subject);
    this.type = type;
    this.values = values;
  }

  @Override
  Type type() {
    return type;
  }

  @Override
  String expected() {
    return "an object";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.START_OBJECT) {
      throw wrongType(parser, token);
    }
    Map<String, Object> entries = new LinkedHashMap<>();
    String key;
    while ((key = parser.nextFieldName()) != null) {
      JsonToken next = parser.nextToken();
      if (next == null) {
        throw failure(parser, "ends inside the object");
      }
      Object value;
      if (next != JsonToken.VALUE_NULL) {
        value = values.decode(parser, next);
      } else if (type.isValueOptional()) {
        value = null;
      } else {
        throw values.wrongType(parser, next);
      }
      int before = entries.size();
      entries.put(key, value);
      if (entries.size() == before) {
        throw failure(parser, "has the same key twice");
      }
    }
    if (parser.currentToken() != JsonToken.END_OBJECT) {
      throw failure(parser, "ends inside the object");
    }
    return entries;
  }
}
