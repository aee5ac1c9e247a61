package io.mink.cli.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * {@code --output table}, for people: a header of the column names as the schema spells them and a line per row
 * in aligned columns ({@link TableLayout}), then a line counting the rows. The first {@link #SIZING_ROWS} rows are
 * held to size the columns and printed once there are that many or the read ends; later rows are printed as their
 * batch comes, with those widths. Cells are {@link ValueText}s on one line ({@link TableLayout#escape}), null as
 * {@code NULL}.
 */
final class TableRowsWriter implements RowsWriter {
  static final int SIZING_ROWS = 1_000;
  static final String NULL = "NULL";

  private final Writer out;
  private final JsonText json = new JsonText();
  private final List<String[]> sizing = new ArrayList<>();
  private Schema schema;
  private String[] header;
  private ValueText[] values;
  private TableLayout layout;
  private long rows;

  TableRowsWriter(OutputStream out) {
    this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
  }

  @Override
  public void begin(Schema schema, Map<String, String> metadata) {
    requireNonNull(schema, "schema is null");
    BegunSchema.requireNotBegun(this.schema);
    List<Types.NestedField> columns = schema.columns();
    header = new String[columns.size()];
    values = new ValueText[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      header[c] = TableLayout.escape(columns.get(c).name());
      values[c] = ValueText.cell(columns.get(c).type(), json);
    }
    this.schema = schema;
  }

  @Override
  public void write(RowBatch batch) throws IOException {
    BegunSchema.requireSame(schema, batch);
    for (int row = 0; row < batch.rows(); row++) {
      String[] cells = cells(batch, row);
      rows++;
      if (layout != null) {
        out.write(layout.line(cells));
      } else {
        sizing.add(cells);
        if (sizing.size() == SIZING_ROWS) {
          printSizingRows();
        }
      }
    }
    if (layout != null) {
      out.flush();
    }
  }

  private String[] cells(RowBatch batch, int row) {
    String[] cells = new String[values.length];
    for (int c = 0; c < values.length; c++) {
      String text = values[c].text(batch.column(c), row);
      cells[c] = text == null ? NULL : TableLayout.escape(text);
    }
    return cells;
  }

  private void printSizingRows() throws IOException {
    layout = TableLayout.fit(header, sizing);
    out.write(layout.line(header));
    for (String[] cells : sizing) {
      out.write(layout.line(cells));
    }
    sizing.clear();
  }

  @Override
  public void finish() throws IOException {
    BegunSchema.requireBegun(schema, "finish");
    if (layout == null) {
      printSizingRows();
    }
    out.write(TableLayout.rowCount(rows));
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.flush();
  }
}
