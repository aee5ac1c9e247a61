package io.mink.query.flight;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import java.util.Locale;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.impl.FlightSql.TicketStatementQuery;

/**
 * Statement handles, prepared statement handles and tickets all carry the SQL text itself (UTF-8): the server keeps
 * no state between calls, so any mink-query replica behind a load balancer can serve any of them.
 */
final class StatementHandles {
  private StatementHandles() {}

  static ByteString handle(String sql) {
    return ByteString.copyFromUtf8(sql);
  }

  static String sql(ByteString handle) {
    return handle.toStringUtf8();
  }

  /** The ticket of one statement's result: a {@code TicketStatementQuery} whose handle is the SQL. */
  static Ticket ticket(String sql) {
    TicketStatementQuery query =
        TicketStatementQuery.newBuilder().setStatementHandle(handle(sql)).build();
    return new Ticket(Any.pack(query).toByteArray());
  }

  /** The kind of a statement by its first word, to name it in a message: {@code INSERT statements}. */
  static String kind(String sql) {
    String trimmed = sql.strip();
    int end = 0;
    while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
      end++;
    }
    return end == 0
        ? "statements that write"
        : trimmed.substring(0, end).toUpperCase(Locale.ROOT) + " statements";
  }
}
