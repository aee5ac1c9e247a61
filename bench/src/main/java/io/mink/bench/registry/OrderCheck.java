package io.mink.bench.registry;

import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderColumns;
import io.mink.testkit.orders.OrderLanguage;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.data.Record;

/**
 * Checks that a table row holds an order's values, so that a benchmark never times decoders that
 * read the payloads wrong. The values are the Iceberg values of the language's mapping
 * ({@link OrderColumns#expected}): JSON Schema's integers are longs.
 */
final class OrderCheck {
  private OrderCheck() {}

  static void verify(String source, Record row, Order order, OrderLanguage language) {
    Map<String, Object> actual = OrderColumns.of(row);
    for (Map.Entry<String, Object> expected :
        OrderColumns.expected(order, language).entrySet()) {
      Object value = actual.get(expected.getKey());
      if (!Objects.equals(value, expected.getValue())) {
        throw new IllegalStateException(
            source + " decoded column " + expected.getKey() + " as " + value + " ("
                + (value == null ? "null" : value.getClass().getSimpleName())
                + "), but the order holds "
                + expected.getValue()
                + ": the benchmark's schemas or writers disagree with Mink's decoder");
      }
    }
  }
}
