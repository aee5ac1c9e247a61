package io.mink.cli.query;

import io.mink.cli.read.CsvRowsWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code --format csv}: RFC 4180 in UTF-8, as {@code mink read --output csv} writes it. A header line of the column
 * names, then a line per row, ended by CRLF; a field is quoted when it holds a comma, a quote, CR or LF; null is an
 * empty field and the empty string {@code ""}. Each batch's lines are flushed once written.
 */
final class CsvResultWriter implements ResultWriter {
  private final Writer out;
  private final StringBuilder line = new StringBuilder();
  private ResultCells cells;

  CsvResultWriter(OutputStream out) {
    this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
  }

  @Override
  public void begin(Schema schema) throws IOException {
    cells = new ResultCells(schema);
    List<Field> fields = schema.getFields();
    line.setLength(0);
    for (int c = 0; c < fields.size(); c++) {
      CsvRowsWriter.appendField(line, c, fields.get(c).getName());
    }
    out.append(line).append(CsvRowsWriter.LINE_END);
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    for (int row = 0; row < batch.getRowCount(); row++) {
      line.setLength(0);
      for (int c = 0; c < cells.columns(); c++) {
        CsvRowsWriter.appendField(line, c, cells.text(batch, c, row));
      }
      out.append(line).append(CsvRowsWriter.LINE_END);
    }
    out.flush();
  }

  @Override
  public void finish() throws IOException {
    out.flush();
  }
}
