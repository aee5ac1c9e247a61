package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.time.OffsetDateTime;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A string of format date-time (RFC 3339, with an offset or Z) to an Iceberg timestamptz, in UTC. */
final class TimestamptzDecoder extends ValueDecoder {
  TimestamptzDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.TimestampType.withZone();
  }

  @Override
  String expected() {
    return "a date-time string";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_STRING) {
      throw wrongType(parser, token);
    }
    OffsetDateTime value = Rfc3339.dateTime(
        parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
    if (value == null) {
      throw failure(
          parser, "is not an RFC 3339 date-time with an offset, such as 2024-05-01T12:30:00Z");
    }
    return value;
  }
}
