package io.mink.query.flight;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** The Flight SQL JDBC driver as a client: connections to a server, and results as {@code a|b|c} lines. */
final class JdbcRows {
  private JdbcRows() {}

  static Connection connect(int port, String options) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:arrow-flight-sql://localhost:" + port + "?" + options, new Properties());
  }

  static Connection connect(QueryServer server) throws SQLException {
    return connect(server.port(), "useEncryption=false");
  }

  static List<String> rows(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      return rows(result);
    }
  }

  static List<String> rows(ResultSet result) throws SQLException {
    List<String> rows = new ArrayList<>();
    int columns = result.getMetaData().getColumnCount();
    while (result.next()) {
      List<String> values = new ArrayList<>();
      for (int column = 1; column <= columns; column++) {
        Object value = result.getObject(column);
        values.add(
            value instanceof byte[] bytes
                ? new String(bytes, StandardCharsets.UTF_8)
                : String.valueOf(value));
      }
      rows.add(String.join("|", values));
    }
    return rows;
  }

  /** The values of the named columns, joined with {@code |}, of every row; closes the result. */
  static List<String> columns(ResultSet result, String... names) throws SQLException {
    try (result) {
      List<String> rows = new ArrayList<>();
      while (result.next()) {
        List<String> values = new ArrayList<>();
        for (String name : names) {
          values.add(result.getString(name));
        }
        rows.add(String.join("|", values));
      }
      return rows;
    }
  }
}
