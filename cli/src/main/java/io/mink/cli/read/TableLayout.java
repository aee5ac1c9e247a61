package io.mink.cli.read;

import java.util.List;

/**
 * The columns of the table format of mink read and mink-query: each as wide as its widest cell among the header and the rows it was sized
 * on, at most {@link #MAX_WIDTH} characters; two spaces apart, no trailing blanks, as the other mink commands'
 * tables. A longer cell is cut to the width, its last character replaced by {@code …}. Widths count code points.
 */
public final class TableLayout {
  static final int MAX_WIDTH = 48;
  private static final String GAP = "  ";
  private static final char CUT = '…';

  private final int[] widths;

  private TableLayout(int[] widths) {
    this.widths = widths;
  }

  public static TableLayout fit(String[] header, List<String[]> rows) {
    int[] widths = new int[header.length];
    for (int c = 0; c < header.length; c++) {
      widths[c] = width(header[c]);
    }
    for (String[] row : rows) {
      for (int c = 0; c < row.length; c++) {
        widths[c] = Math.max(widths[c], width(row[c]));
      }
    }
    for (int c = 0; c < widths.length; c++) {
      widths[c] = Math.min(widths[c], MAX_WIDTH);
    }
    return new TableLayout(widths);
  }

  /** The line of the cells, ended by a line break. */
  public String line(String[] cells) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        line.append(GAP);
      }
      String cell = cells[c];
      int width = width(cell);
      if (width > widths[c]) {
        line.append(cell, 0, cell.offsetByCodePoints(0, widths[c] - 1)).append(CUT);
      } else {
        line.append(cell);
        line.append(" ".repeat(widths[c] - width));
      }
    }
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' ') {
      end--;
    }
    line.setLength(end);
    return line.append('\n').toString();
  }

  /**
   * The text of a value on one line of a terminal: line feeds, carriage returns and tabs as {@code \n}, {@code \r}
   * and {@code \t}, other control characters as {@code \}{@code u} and four hex digits.
   */
  public static String escape(String text) {
    int first = 0;
    while (first < text.length() && !Character.isISOControl(text.charAt(first))) {
      first++;
    }
    if (first == text.length()) {
      return text;
    }
    StringBuilder escaped = new StringBuilder(text.length() + 8).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> escaped.append("\\n");
        case '\r' -> escaped.append("\\r");
        case '\t' -> escaped.append("\\t");
        default -> {
          if (Character.isISOControl(c)) {
            escaped.append(String.format("\\u%04x", (int) c));
          } else {
            escaped.append(c);
          }
        }
      }
    }
    return escaped.toString();
  }

  /** "0 rows", "1 row", "2 rows". */
  static String rowCount(long rows) {
    return rows + (rows == 1 ? " row" : " rows") + "\n";
  }

  private static int width(String cell) {
    return cell.codePointCount(0, cell.length());
  }
}
