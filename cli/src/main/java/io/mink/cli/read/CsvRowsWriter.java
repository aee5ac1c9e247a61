package io.mink.cli.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * {@code --output csv}: RFC 4180 in UTF-8. A header line of the column names, then a line per row, fields
 * separated by commas and lines ended by CRLF. A field is quoted, its quotes doubled, when it holds a comma, a
 * quote, CR or LF; null is an empty field and the empty string {@code ""}, so the two differ. Values are their
 * {@link ValueText}: structs, lists and maps as compact JSON. Each batch's lines are flushed once written.
 */
public final class CsvRowsWriter implements RowsWriter {
  public static final String LINE_END = "\r\n";

  private final Writer out;
  private final JsonText json = new JsonText();
  private final StringBuilder line = new StringBuilder();
  private Schema schema;
  private ValueText[] values;

  CsvRowsWriter(OutputStream out) {
    this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
  }

  @Override
  public void begin(Schema schema, Map<String, String> metadata) throws IOException {
    requireNonNull(schema, "schema is null");
    BegunSchema.requireNotBegun(this.schema);
    List<Types.NestedField> columns = schema.columns();
    values = new ValueText[columns.size()];
    line.setLength(0);
    for (int c = 0; c < columns.size(); c++) {
      values[c] = ValueText.cell(columns.get(c).type(), json);
      appendField(line, c, columns.get(c).name());
    }
    out.append(line).append(LINE_END);
    this.schema = schema;
  }

  @Override
  public void write(RowBatch batch) throws IOException {
    BegunSchema.requireSame(schema, batch);
    for (int row = 0; row < batch.rows(); row++) {
      line.setLength(0);
      for (int c = 0; c < values.length; c++) {
        appendField(line, c, values[c].text(batch.column(c), row));
      }
      out.append(line).append(LINE_END);
    }
    out.flush();
  }

  /** Appends the field at {@code position} of a line, after a comma unless it is the first; null is empty. */
  public static void appendField(StringBuilder line, int position, String text) {
    if (position > 0) {
      line.append(',');
    }
    if (text == null) {
      return;
    }
    if (!text.isEmpty() && !needsQuotes(text)) {
      line.append(text);
      return;
    }
    line.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        line.append('"');
      }
      line.append(c);
    }
    line.append('"');
  }

  private static boolean needsQuotes(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ',' || c == '"' || c == '\r' || c == '\n') {
        return true;
      }
    }
    return false;
  }

  @Override
  public void finish() throws IOException {
    BegunSchema.requireBegun(schema, "finish");
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.flush();
  }
}
