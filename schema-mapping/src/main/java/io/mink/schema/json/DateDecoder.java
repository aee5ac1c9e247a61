package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.time.LocalDate;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A string of format date (RFC 3339 full-date, yyyy-mm-dd) to an Iceberg date. */
final class DateDecoder extends ValueDecoder {
  DateDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.DateType.get();
  }

  @Override
  String expected() {
    return "a date string";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_STRING) {
      throw wrongType(parser, token);
    }
    LocalDate value =
        Rfc3339.date(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
    if (value == null) {
      throw failure(parser, "is not an RFC 3339 date, such as 2024-05-01");
    }
    return value;
  }
}
