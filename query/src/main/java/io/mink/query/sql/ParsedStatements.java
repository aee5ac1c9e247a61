package io.mink.query.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parse trees of the statements run lately, by their text: a dashboard or a client that prepares its statements
 * sends the same text again and again, and DuckDB's parser then runs once for it. A tree is read-only once built, so
 * statements on several threads share it. Holds at most {@link #CAPACITY} trees, dropping the least recently used.
 */
final class ParsedStatements {
  static final int CAPACITY = 256;

  private final Map<String, StatementTree> trees = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, StatementTree> eldest) {
      return size() > CAPACITY;
    }
  };

  /**
   * The tree of the statement, parsed by DuckDB on {@code connection} unless a statement of the same text was parsed
   * before.
   *
   * @throws io.mink.indexer.errors.MinkException user when the parser refuses the statement (a refusal is not kept)
   */
  StatementTree parse(Connection connection, String sql) throws SQLException {
    synchronized (trees) {
      StatementTree known = trees.get(sql);
      if (known != null) {
        return known;
      }
    }
    StatementTree parsed = parsed(connection, sql);
    synchronized (trees) {
      trees.put(sql, parsed);
    }
    return parsed;
  }

  private static StatementTree parsed(Connection connection, String sql) throws SQLException {
    try (PreparedStatement parse =
        connection.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
      parse.setString(1, sql);
      try (ResultSet json = parse.executeQuery()) {
        json.next();
        return StatementTree.of(json.getString(1));
      }
    }
  }

  /** How many trees are kept now. */
  int size() {
    synchronized (trees) {
      return trees.size();
    }
  }
}
