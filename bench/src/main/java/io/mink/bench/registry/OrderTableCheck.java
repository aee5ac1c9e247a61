package io.mink.bench.registry;

import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderLanguage;
import io.mink.testkit.orders.OrderSamples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Checks Mink's table of the benchmark's orders: no Mink snapshot counts a part left raw (no mink-raw.* summary
 * entry), and the row of partition 0 offset 0 holds the first order's values and its decoded key.
 */
public final class OrderTableCheck {
  private static final String RAW_PREFIX = "mink-raw.";

  private OrderTableCheck() {}

  public static void verify(Table table) {
    for (Snapshot snapshot : table.snapshots()) {
      for (String key : snapshot.summary().keySet()) {
        if (key.startsWith(RAW_PREFIX)) {
          throw new IllegalStateException("Snapshot " + snapshot.snapshotId() + " of "
              + table.name() + " counts " + snapshot.summary().get(key) + " parts left raw as "
              + key + ": not every row was decoded");
        }
      }
    }
    Record first = firstRow(table);
    Order order = OrderSamples.seeded(new Random(RegistryTopic.SEED), 0);
    OrderCheck.verify("Mink's table", first, order, OrderLanguage.AVRO);
    if (first.getField("_kafka_value") != null
        || !Long.valueOf(order.id()).equals(first.getField("_kafka_decoded_key"))) {
      throw new IllegalStateException(
          "The row of partition 0 offset 0 kept its raw value or lacks its decoded key: " + first);
    }
  }

  private static Record firstRow(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table)
        .where(Expressions.and(
            Expressions.equal("_kafka_partition", 0), Expressions.equal("_kafka_offset", 0L)))
        .build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read back the first row of " + table.name(), e);
    }
    if (rows.size() != 1) {
      throw new IllegalStateException("Table " + table.name() + " holds " + rows.size()
          + " rows for partition 0 offset 0, not 1");
    }
    return rows.get(0);
  }
}
