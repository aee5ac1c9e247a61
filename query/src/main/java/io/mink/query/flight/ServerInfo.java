package io.mink.query.flight;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedCaseSensitivity;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedTransaction;

/**
 * What GetSqlInfo answers: the server's name and versions, that it runs SQL read-only without transactions or
 * Substrait, and the quoting and search escape that clients build statements and metadata searches with.
 */
final class ServerInfo {
  static final String SERVER_NAME = "Mink";
  private static final String VERSIONS = "versions.properties";

  private ServerInfo() {}

  static SqlInfoBuilder sqlInfo() {
    Properties versions = versions();
    return new SqlInfoBuilder()
        .withFlightSqlServerName(SERVER_NAME)
        .withFlightSqlServerVersion(versions.getProperty("mink.version"))
        .withFlightSqlServerArrowVersion(versions.getProperty("arrow.version"))
        .withFlightSqlServerReadOnly(true)
        .withFlightSqlServerSql(true)
        .withFlightSqlServerSubstrait(false)
        .withFlightSqlServerTransaction(SqlSupportedTransaction.SQL_SUPPORTED_TRANSACTION_NONE)
        .withFlightSqlServerCancel(false)
        .withFlightSqlServerBulkIngestion(false)
        .withSqlTransactionsSupported(false)
        .withSqlDdlCatalog(false)
        .withSqlDdlSchema(false)
        .withSqlDdlTable(false)
        .withSqlIdentifierQuoteChar("\"")
        .withSqlQuotedIdentifierCase(
            SqlSupportedCaseSensitivity.SQL_CASE_SENSITIVITY_CASE_INSENSITIVE)
        .withSqlSearchStringEscape(SearchPattern.ESCAPE);
  }

  /** The Mink and Arrow versions, written into the resource when the module is built. */
  static Properties versions() {
    Properties versions = new Properties();
    try (InputStream in = ServerInfo.class.getResourceAsStream(VERSIONS)) {
      if (in == null) {
        throw new IllegalStateException(
            "The mink-query jar has no " + VERSIONS + ": rebuild it with mvn package");
      }
      versions.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + VERSIONS + " from the mink-query jar", e);
    }
    return versions;
  }
}
