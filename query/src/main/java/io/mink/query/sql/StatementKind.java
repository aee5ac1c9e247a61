package io.mink.query.sql;

import io.mink.indexer.errors.MinkException;
import java.util.Locale;
import java.util.Set;

/**
 * What a statement asks by its first word: a query Mink plans (SELECT, WITH, VALUES, FROM, TABLE), an EXPLAIN of one,
 * a look at the catalog DuckDB answers alone (SHOW, DESCRIBE), or anything else, which is refused: mink-query only
 * reads. Pure.
 */
enum StatementKind {
  QUERY,
  EXPLAIN,
  CATALOG;

  private static final Set<String> QUERIES =
      Set.of("SELECT", "WITH", "VALUES", "FROM", "TABLE", "(");
  private static final Set<String> CATALOG_WORDS = Set.of("SHOW", "DESCRIBE", "DESC");

  /**
   * The kind of a statement.
   *
   * @throws MinkException user for a statement that writes or changes settings, or an empty one
   */
  static StatementKind of(String sql) {
    String word = firstWord(sql);
    if (QUERIES.contains(word)) {
      return QUERY;
    }
    if ("EXPLAIN".equals(word)) {
      return EXPLAIN;
    }
    if (CATALOG_WORDS.contains(word)) {
      return CATALOG;
    }
    if (word.isEmpty()) {
      throw MinkException.user("The statement is empty: give a SELECT, for example SELECT 1");
    }
    throw MinkException.user(
        word + " statements are not served: mink-query only reads (SELECT, WITH, "
            + "VALUES, EXPLAIN, SHOW, DESCRIBE); tables are added with mink table add and written by the sidecar");
  }

  /** The statement without its leading {@code EXPLAIN} or {@code EXPLAIN ANALYZE}. */
  static String explained(String sql) {
    String rest = sql.substring(start(sql) + "EXPLAIN".length());
    String next = firstWord(rest);
    return "ANALYZE".equals(next) ? rest.substring(start(rest) + next.length()) : rest;
  }

  /** Whether an EXPLAIN also runs the statement. */
  static boolean analyzes(String sql) {
    return "ANALYZE".equals(firstWord(sql.substring(start(sql) + "EXPLAIN".length())));
  }

  private static String firstWord(String sql) {
    int from = start(sql);
    if (from >= sql.length()) {
      return "";
    }
    if (sql.charAt(from) == '(') {
      return "(";
    }
    int to = from;
    while (to < sql.length() && Character.isLetter(sql.charAt(to))) {
      to++;
    }
    return sql.substring(from, to).toUpperCase(Locale.ROOT);
  }

  /** Where the statement's first word starts, after blanks and comments. */
  private static int start(String sql) {
    int i = 0;
    while (i < sql.length()) {
      if (Character.isWhitespace(sql.charAt(i))) {
        i++;
      } else if (sql.startsWith("--", i)) {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? sql.length() : end + 1;
      } else if (sql.startsWith("/*", i)) {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? sql.length() : end + 2;
      } else {
        return i;
      }
    }
    return i;
  }
}
