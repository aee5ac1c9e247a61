package io.mink.cli.query;

import io.mink.cli.read.TableLayout;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code --format table}, for people: a header of the column names and a line per row in aligned columns
 * ({@link TableLayout}, as {@code mink read} prints them). The first {@link #SIZING_ROWS} rows are held to size the
 * columns and printed once there are that many or the result ends; later rows are printed as their batch comes,
 * with those widths. Null is {@code NULL}; the row count goes to stderr with the statement's time, not here.
 */
final class TableResultWriter implements ResultWriter {
  static final int SIZING_ROWS = 1_000;
  static final String NULL = "NULL";

  private final Writer out;
  private final List<String[]> sizing = new ArrayList<>();
  private ResultCells cells;
  private String[] header;
  private TableLayout layout;

  TableResultWriter(OutputStream out) {
    this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
  }

  @Override
  public void begin(Schema schema) {
    cells = new ResultCells(schema);
    header = schema.getFields().stream()
        .map(field -> TableLayout.escape(field.getName()))
        .toArray(String[]::new);
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    for (int row = 0; row < batch.getRowCount(); row++) {
      String[] line = new String[cells.columns()];
      for (int c = 0; c < line.length; c++) {
        String text = cells.text(batch, c, row);
        line[c] = text == null ? NULL : TableLayout.escape(text);
      }
      if (layout != null) {
        out.write(layout.line(line));
      } else {
        sizing.add(line);
        if (sizing.size() == SIZING_ROWS) {
          printSizingRows();
        }
      }
    }
    if (layout != null) {
      out.flush();
    }
  }

  private void printSizingRows() throws IOException {
    layout = TableLayout.fit(header, sizing);
    out.write(layout.line(header));
    for (String[] line : sizing) {
      out.write(layout.line(line));
    }
    sizing.clear();
  }

  @Override
  public void finish() throws IOException {
    if (layout == null) {
      printSizingRows();
    }
    out.flush();
  }
}
