package io.mink.indexer.interop;

import static io.mink.indexer.testing.DebeziumCustomers.ROW_V1;
import static io.mink.indexer.testing.DebeziumCustomers.ROW_V2;
import static io.mink.indexer.testing.DebeziumCustomers.SOURCE_MILLIS;
import static io.mink.indexer.testing.DebeziumCustomers.customer;
import static io.mink.indexer.testing.DebeziumCustomers.event;
import static io.mink.indexer.testing.DebeziumCustomers.json;
import static io.mink.indexer.testing.DebeziumCustomers.key;
import static io.mink.indexer.testing.DebeziumCustomers.now;
import static io.mink.indexer.testing.DebeziumCustomers.source;
import static io.mink.indexer.testing.DebeziumCustomers.tombstone;
import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.data.Envelope;
import io.mink.indexer.testing.DebeziumCustomers;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Debezium topic as Debezium writes it with Kafka Connect's JsonConverter (schemas enabled, no registry): change
 * events built with Debezium's own Envelope become the source table's rows in an upsert table. Snapshot reads,
 * creates and updates upsert the row after the change, deletes and tombstones remove it, a new column in the source
 * table becomes a column, and a value that is no change event keeps its raw bytes with a counted reason.
 */
class DebeziumUpsertSparkIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void changeEventsBecomeTheSourceTablesRows() {
    String topic = InProcessSidecar.uniqueTopic("srv.inventory.customers");
    KAFKA.createTopic(topic, 2);
    Envelope v1 = DebeziumCustomers.V1;
    Envelope v2 = DebeziumCustomers.V2;
    try (InProcessSidecar sidecar =
            new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
        SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      TableDescriptor table =
          sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "cdc", "debezium"));
      List<TestRecord> snapshot = new ArrayList<>();
      for (int id = 1; id <= 5; id++) {
        snapshot.add(
            event(topic, id, v1.read(customer(ROW_V1, id, "c" + id + "@old"), source(), now())));
      }
      KAFKA.produce(topic, snapshot);
      sidecar.runRound(table);
      assertThat(customers(spark, table))
          .containsExactly("1 c1@old r", "2 c2@old r", "3 c3@old r", "4 c4@old r", "5 c5@old r");

      Struct updated = customer(ROW_V2, 4, "c4@new").put("nickname", "Four");
      KAFKA.produce(
          topic,
          List.of(
              event(topic, 6, v1.create(customer(ROW_V1, 6, "c6@new"), source(), now())),
              event(
                  topic,
                  2,
                  v1.update(
                      customer(ROW_V1, 2, "c2@old"),
                      customer(ROW_V1, 2, "c2@new"),
                      source(),
                      now())),
              event(topic, 3, v1.delete(customer(ROW_V1, 3, "c3@old"), source(), now())),
              tombstone(topic, 3),
              event(topic, 5, v1.delete(customer(ROW_V1, 5, "c5@old"), source(), now())),
              event(topic, 5, v1.create(customer(ROW_V1, 5, "c5@back"), source(), now())),
              event(topic, 4, v2.update(customer(ROW_V2, 4, "c4@old"), updated, source(), now())),
              new TestRecord(
                  null,
                  key(topic, 7),
                  json(topic, ROW_V1, customer(ROW_V1, 7, "not@event")),
                  List.of(),
                  null)));
      sidecar.runRound(table);

      assertThat(customers(spark, table))
          .containsExactly("1 c1@old r", "2 c2@new u", "4 c4@new u", "5 c5@back c", "6 c6@new c");
      assertThat(spark.sql("SELECT nickname, CAST(_cdc_ts AS LONG) AS ts FROM mink."
              + table.qualifiedName() + " WHERE id = 4"))
          .containsExactly(Map.of("nickname", "Four", "ts", SOURCE_MILLIS / 1000));
      assertThat(spark.sql("SELECT count(*) AS raw FROM mink." + table.qualifiedName()
              + " WHERE id IS NULL AND _kafka_value IS NOT NULL"))
          .containsExactly(Map.of("raw", 1L));
      Table lake = sidecar.table(table);
      Snapshot last = lake.currentSnapshot();
      assertThat(last.summary())
          .containsEntry(MinkSnapshot.RAW_PROPERTY_PREFIX + "value.not-a-debezium-envelope", "1");
    }
  }

  private static List<String> customers(SparkReader spark, TableDescriptor table) {
    return spark
        .sql("SELECT id, email, _cdc_op FROM mink." + table.qualifiedName()
            + " WHERE id IS NOT NULL ORDER BY id")
        .stream()
        .map(row -> row.get("id") + " " + row.get("email") + " " + row.get("_cdc_op"))
        .toList();
  }
}
