package io.mink.query.read;

import io.mink.lake.RowTtl;
import io.mink.schema.KafkaColumns;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;

/**
 * The rows a read returns under the table's row TTL (docs/operations.md, "Row TTL"): a read of any mode leaves out
 * every row, of the lake or of the tail, whose {@code _kafka_timestamp} is older than the TTL at the moment the read
 * is planned, so it never returns a row the lake is about to drop; lake files whose timestamps are all older are not
 * read. A row without a timestamp never expires. Pure.
 */
final class RowTtlFilter {
  private RowTtlFilter() {}

  /** The rows the read keeps: always true when the table has no TTL. */
  static Expression kept(Map<String, String> tableOptions, Instant now) {
    Optional<RowTtl> ttl = RowTtl.fromOptions(tableOptions);
    if (ttl.isEmpty()) {
      return Expressions.alwaysTrue();
    }
    String cutoff = Instant.ofEpochMilli(ttl.get().oldestKeptMillis(now)).toString();
    return Expressions.or(
        Expressions.isNull(KafkaColumns.TIMESTAMP),
        Expressions.greaterThanOrEqual(KafkaColumns.TIMESTAMP, cutoff));
  }

  /** The request with the kept rows added to its filter. */
  static ReadRequest applied(ReadRequest request, Expression kept) {
    return kept.op() == Expression.Operation.TRUE
        ? request
        : request.withFilter(Expressions.and(request.filter(), kept));
  }
}
