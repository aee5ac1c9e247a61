package io.mink.cli.read;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.FieldVector;

/**
 * Values as compact JSON text, for the nested cells of the CSV and table formats: one UTF-8 generator and buffer
 * (strings go in as the UTF-8 bytes Arrow holds), reused for every value, so an instance serves one writer at a
 * time.
 */
final class JsonText {
  /**
   * Generators that leave their target open and its JSON as written when closed, and put nothing between root
   * values: the writers end each line themselves.
   */
  static final JsonFactory FACTORY = new JsonFactoryBuilder()
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
      .rootValueSeparator((String) null)
      .build();

  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final JsonGenerator json;

  JsonText() {
    try {
      json = FACTORY.createGenerator(buffer, JsonEncoding.UTF8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write JSON to memory", e);
    }
  }

  String text(JsonValue value, FieldVector vector, int index) {
    buffer.reset();
    try {
      value.write(json, vector, index);
      json.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write JSON to memory", e);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
