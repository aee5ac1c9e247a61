package io.mink.samples.local;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows of text in aligned columns, as {@code mink table list} prints them. */
public final class TextTable {
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(List<String> header) {
    rows.add(List.copyOf(header));
  }

  public TextTable add(List<String> row) {
    rows.add(List.copyOf(row));
    return this;
  }

  /** Prints every row indented, columns two spaces apart, without trailing spaces. */
  public void print(PrintWriter out, String indent) {
    int columns = rows.stream().mapToInt(List::size).max().orElse(0);
    int[] widths = new int[columns];
    rows.forEach(row -> {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    });
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < row.size(); i++) {
        line.append(row.get(i));
        if (i < row.size() - 1) {
          line.append(" ".repeat(widths[i] - row.get(i).length() + 2));
        }
      }
      out.println(line.toString().stripTrailing());
    }
  }
}
