package io.mink.cli.query;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code --format json}: one JSON object per row and line (JSON Lines) in UTF-8, the columns as keys in order,
 * values as {@link ArrowJsonValue} writes them. Each batch's lines are flushed once written.
 */
final class JsonResultWriter implements ResultWriter {
  private final JsonGenerator json;
  private SerializedString[] names;
  private ArrowJsonValue[] values;

  JsonResultWriter(OutputStream out) {
    try {
      this.json = ResultCells.JSON.createGenerator(out, JsonEncoding.UTF8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write JSON to the output", e);
    }
  }

  @Override
  public void begin(Schema schema) {
    List<Field> fields = schema.getFields();
    names = new SerializedString[fields.size()];
    values = new ArrowJsonValue[fields.size()];
    for (int c = 0; c < fields.size(); c++) {
      names[c] = new SerializedString(fields.get(c).getName());
      values[c] = ArrowJsonValue.compile(fields.get(c));
    }
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    for (int row = 0; row < batch.getRowCount(); row++) {
      json.writeStartObject();
      for (int c = 0; c < values.length; c++) {
        json.writeFieldName(names[c]);
        values[c].write(json, batch.getVector(c), row);
      }
      json.writeEndObject();
      json.writeRaw('\n');
    }
    json.flush();
  }

  @Override
  public void finish() throws IOException {
    json.flush();
  }
}
