package io.mink.cli.read;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * {@code --output json}: one JSON object per row and line (JSON Lines) in UTF-8, the columns as keys in schema
 * order, values as {@link JsonValue} writes them. Each batch's lines are flushed once written.
 */
final class JsonRowsWriter implements RowsWriter {
  private final JsonGenerator json;
  private Schema schema;
  private SerializedString[] names;
  private JsonValue[] values;

  JsonRowsWriter(OutputStream out) {
    try {
      this.json = JsonText.FACTORY.createGenerator(out, JsonEncoding.UTF8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write JSON to the output", e);
    }
  }

  @Override
  public void begin(Schema schema, Map<String, String> metadata) {
    requireNonNull(schema, "schema is null");
    BegunSchema.requireNotBegun(this.schema);
    List<Types.NestedField> columns = schema.columns();
    names = new SerializedString[columns.size()];
    values = new JsonValue[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      names[c] = new SerializedString(columns.get(c).name());
      values[c] = JsonValue.compile(columns.get(c).type());
    }
    this.schema = schema;
  }

  @Override
  public void write(RowBatch batch) throws IOException {
    BegunSchema.requireSame(schema, batch);
    for (int row = 0; row < batch.rows(); row++) {
      json.writeStartObject();
      for (int c = 0; c < values.length; c++) {
        json.writeFieldName(names[c]);
        values[c].write(json, batch.column(c), row);
      }
      json.writeEndObject();
      json.writeRaw('\n');
    }
    json.flush();
  }

  @Override
  public void finish() throws IOException {
    BegunSchema.requireBegun(schema, "finish");
    json.flush();
  }

  @Override
  public void close() throws IOException {
    json.close();
  }
}
