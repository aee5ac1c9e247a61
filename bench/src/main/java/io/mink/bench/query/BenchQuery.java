package io.mink.bench.query;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One of the benchmark's queries, written once with {@code {orders}}, {@code {items}} for the two tables and {@code
 * {from}}, {@code {to}} for timestamp literals; each engine fills them in its own way. Its last column is always a
 * count, so that the engines' answers can be compared.
 */
record BenchQuery(String name, String template) {
  private static final DateTimeFormatter LITERAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  /** The name of the count(*) query. */
  static final String COUNT = "count(*)";

  /** count(*), a GROUP BY on a typed column, a range of Kafka timestamps, a join of two tables. */
  static List<BenchQuery> all() {
    return List.of(
        new BenchQuery(COUNT, "SELECT count(*) AS n FROM {orders}"),
        new BenchQuery(
            "GROUP BY region_id",
            "SELECT region_id, sum(amount_cents) AS amount, max(price) AS price, count(*) AS n"
                + " FROM {orders} GROUP BY region_id"),
        new BenchQuery(
            "1 % _kafka_timestamp range",
            "SELECT sum(amount_cents) AS amount, count(*) AS n FROM {orders}"
                + " WHERE _kafka_timestamp >= {from} AND _kafka_timestamp < {to}"),
        new BenchQuery(
            "join orders ⋈ items on id",
            "SELECT sum(o.amount_cents - i.quantity) AS amount, count(*) AS n"
                + " FROM {orders} o JOIN {items} i ON o.id = i.id"));
  }

  /** The SQL of one engine: the tables as it names them, the range's bounds as its timestamp literals. */
  String sql(String orders, String items, Instant from, Instant to, boolean zonedLiterals) {
    return template
        .replace("{orders}", orders)
        .replace("{items}", items)
        .replace("{from}", literal(from, zonedLiterals))
        .replace("{to}", literal(to, zonedLiterals));
  }

  private static String literal(Instant instant, boolean zoned) {
    return zoned
        ? "TIMESTAMPTZ '" + LITERAL.format(instant) + "+00'"
        : "TIMESTAMP '" + LITERAL.format(instant) + "'";
  }
}
