package io.mink.cli.query;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The cells of the text formats for one result schema: each value's {@link ArrowCellText}, structs, lists and maps
 * as their compact JSON ({@link ArrowJsonValue}), null as null. One JSON buffer serves every nested cell, so an
 * instance serves one writer at a time.
 */
final class ResultCells {
  /** Generators that leave their target open and put nothing between root values. */
  static final JsonFactory JSON = new JsonFactoryBuilder()
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
      .rootValueSeparator((String) null)
      .build();

  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final JsonGenerator json;
  private final ArrowCellText[] texts;

  ResultCells(Schema schema) {
    try {
      json = JSON.createGenerator(buffer, JsonEncoding.UTF8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write JSON to memory", e);
    }
    List<Field> fields = schema.getFields();
    texts = new ArrowCellText[fields.size()];
    for (int c = 0; c < texts.length; c++) {
      texts[c] = compile(fields.get(c));
    }
  }

  /** The text of column {@code column} at {@code row}; null for null. */
  String text(VectorSchemaRoot batch, int column, int row) {
    FieldVector vector = batch.getVector(column);
    return vector.isNull(row) ? null : texts[column].text(vector, row);
  }

  int columns() {
    return texts.length;
  }

  private ArrowCellText compile(Field field) {
    if (!ArrowCellText.nested(field.getType())) {
      return ArrowCellText.scalar(field);
    }
    ArrowJsonValue value = ArrowJsonValue.compile(field);
    return (vector, index) -> {
      buffer.reset();
      try {
        value.write(json, vector, index);
        json.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write JSON to memory", e);
      }
      return buffer.toString(StandardCharsets.UTF_8);
    };
  }
}
