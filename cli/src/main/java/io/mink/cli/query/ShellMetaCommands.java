package io.mink.cli.query;

import io.mink.cli.read.TableLayout;
import io.mink.query.sql.CatalogTable;
import io.mink.query.sql.SqlEngine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.arrow.vector.types.pojo.Field;

/** The shell's backslash commands: {@code \d}, {@code \d TABLE}, {@code \?} and {@code \q}. */
final class ShellMetaCommands {
  static final String HELP = """
      Statements end with ';' and may span lines. Ctrl-C drops the statement being typed.
        \\d          list the tables of catalog mink: schema, table, columns
        \\d TABLE    the columns of a table and their types (TABLE or SCHEMA.TABLE)
        \\?          this help
        \\q          quit (or Ctrl-D)
      """;

  private final Supplier<List<CatalogTable>> catalog;
  private final String database;
  private final PrintWriter out;

  ShellMetaCommands(Supplier<List<CatalogTable>> catalog, String database, PrintWriter out) {
    this.catalog = catalog;
    this.database = database;
    this.out = out;
  }

  /** The commands of the engine's catalog and database. */
  static ShellMetaCommands of(SqlEngine engine, PrintWriter out) {
    return new ShellMetaCommands(engine::catalog, engine.database(), out);
  }

  /**
   * Runs a line that starts with a backslash.
   *
   * @return false when the shell should quit
   */
  boolean run(String line) {
    String[] words = line.strip().split("\\s+");
    switch (words[0]) {
      case "\\q" -> {
        return false;
      }
      case "\\?" -> out.print(HELP);
      case "\\d" -> {
        if (words.length == 1) {
          listTables();
        } else {
          describe(words[1]);
        }
      }
      default -> out.println("Unknown command " + words[0] + ": \\? lists the commands");
    }
    out.flush();
    return true;
  }

  private void listTables() {
    List<String[]> rows = new ArrayList<>();
    catalog.get().stream()
        .sorted(Comparator.comparing(CatalogTable::qualifiedName))
        .forEach(table -> rows.add(new String[] {
          table.namespace(),
          table.name(),
          Integer.toString(table.schema().getFields().size())
        }));
    print(new String[] {"schema", "table", "columns"}, rows);
  }

  private void describe(String name) {
    Optional<CatalogTable> found = find(name);
    if (found.isEmpty()) {
      out.println("No table " + name + " in catalog mink (database " + database
          + "): \\d lists the tables");
      return;
    }
    List<String[]> rows = new ArrayList<>();
    for (Field field : found.get().schema().getFields()) {
      rows.add(new String[] {
        TableLayout.escape(field.getName()),
        SqlTypeNames.of(field),
        field.isNullable() ? "yes" : "no"
      });
    }
    out.println("Table mink." + found.get().qualifiedName());
    print(new String[] {"column", "type", "nullable"}, rows);
  }

  /** A table by SCHEMA.TABLE, or by TABLE in the database; names match without regard to case. */
  private Optional<CatalogTable> find(String name) {
    String qualified = name.contains(".") ? name : database + "." + name;
    return catalog.get().stream()
        .filter(table -> table.qualifiedName().equalsIgnoreCase(qualified))
        .findFirst();
  }

  private void print(String[] header, List<String[]> rows) {
    TableLayout layout = TableLayout.fit(header, rows);
    out.print(layout.line(header));
    rows.forEach(row -> out.print(layout.line(row)));
    out.println(rows.size() + (rows.size() == 1 ? " row" : " rows"));
  }
}
