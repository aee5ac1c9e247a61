package io.mink.query.flight;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A Flight SQL client in a JVM of its own, for a test to run on another host (inside a {@link NetworkNamespace}):
 * runs one statement at a JDBC URL, prints its rows as {@code a|b|c} lines and exits 0, or prints why not and exits 1.
 */
final class RemoteStatement {
  private RemoteStatement() {}

  public static void main(String[] args) {
    if (args.length != 2) {
      System.out.println("usage: RemoteStatement JDBC_URL SQL");
      System.exit(2);
    }
    try (Connection connection = DriverManager.getConnection(args[0], new Properties())) {
      JdbcRows.rows(connection, args[1]).forEach(System.out::println);
    } catch (SQLException | RuntimeException e) {
      System.out.println("The statement failed: " + e);
      System.exit(1);
    }
    System.exit(0);
  }
}
