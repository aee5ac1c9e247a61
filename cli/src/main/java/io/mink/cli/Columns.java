package io.mink.cli;

import java.util.List;

/** Rows of cells as aligned text: each column as wide as its widest cell, two spaces apart, no trailing blanks. */
final class Columns {
  private static final String GAP = "  ";

  private Columns() {}

  static String render(List<List<String>> rows) {
    int columns = rows.stream().mapToInt(List::size).max().orElse(0);
    int[] widths = new int[columns];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        line.append(cell);
        if (i < row.size() - 1) {
          line.append(" ".repeat(widths[i] - cell.length())).append(GAP);
        }
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
