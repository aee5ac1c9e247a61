package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Any JSON value to an Iceberg string holding its JSON text, written again compactly: no
 * whitespace, strings escaped the standard way, numbers exactly as the payload wrote them.
 */
final class JsonTextDecoder extends ValueDecoder {
  private final JsonFactory factory;

  JsonTextDecoder(String subject, JsonFactory factory) {
    super(subject);
    this.factory = factory;
  }

  @Override
  Type type() {
    return Types.StringType.get();
  }

  @Override
  String expected() {
    return "JSON";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException {
    StringWriter text = new StringWriter();
    try (JsonGenerator generator = factory.createGenerator(text)) {
      copy(parser, token, generator);
    }
    return text.toString();
  }

  private static void copy(JsonParser parser, JsonToken first, JsonGenerator generator)
      throws IOException {
    int depth = 0;
    JsonToken token = first;
    while (true) {
      switch (token) {
        case START_OBJECT, START_ARRAY -> depth++;
        case END_OBJECT, END_ARRAY -> depth--;
        default -> {}
      }
      if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
        generator.writeNumber(parser.getText());
      } else {
        generator.copyCurrentEvent(parser);
      }
      if (depth == 0) {
        return;
      }
      token = parser.nextToken();
      if (token == null) {
        throw new IOException("The payload ends inside a JSON value");
      }
    }
  }
}
