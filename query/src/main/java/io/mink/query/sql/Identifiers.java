package io.mink.query.sql;

/** SQL identifiers and string literals as DuckDB reads them. Pure. */
final class Identifiers {
  private Identifiers() {}

  /** A name in double quotes, any quote in it doubled. */
  static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** A string in single quotes, any quote in it doubled. */
  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
