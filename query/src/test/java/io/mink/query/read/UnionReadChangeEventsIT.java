package io.mink.query.read;

import static io.mink.indexer.testing.DebeziumCustomers.ROW_V1;
import static io.mink.indexer.testing.DebeziumCustomers.V1;
import static io.mink.indexer.testing.DebeziumCustomers.customer;
import static io.mink.indexer.testing.DebeziumCustomers.event;
import static io.mink.indexer.testing.DebeziumCustomers.now;
import static io.mink.indexer.testing.DebeziumCustomers.source;
import static io.mink.indexer.testing.DebeziumCustomers.tombstone;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The union read of a change-event table: the tail's Debezium events are unwrapped as the round unwraps them, so a
 * delete event in the tail hides the key's lake row before any round commits it, and an update replaces it.
 */
class UnionReadChangeEventsIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void deleteEventsInTheTailHideTheLakeRowsAndUpdatesReplaceThem() {
    String topic = InProcessSidecar.uniqueTopic("srv.inventory.customers");
    KAFKA.createTopic(topic, 2);
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor table =
          sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "cdc", "debezium"));
      List<TestRecord> snapshot = new ArrayList<>();
      for (int id = 1; id <= 4; id++) {
        snapshot.add(
            event(topic, id, V1.read(customer(ROW_V1, id, "c" + id + "@old"), source(), now())));
      }
      KAFKA.produce(topic, snapshot);
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(
              event(topic, 1, V1.delete(customer(ROW_V1, 1, "c1@old"), source(), now())),
              tombstone(topic, 1),
              event(topic, 2, V1.delete(customer(ROW_V1, 2, "c2@old"), source(), now())),
              event(
                  topic,
                  3,
                  V1.update(
                      customer(ROW_V1, 3, "c3@old"),
                      customer(ROW_V1, 3, "c3@new"),
                      source(),
                      now())),
              event(topic, 5, V1.create(customer(ROW_V1, 5, "c5@new"), source(), now()))));

      assertThat(customers(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union))))
          .containsExactly("3 c3@new u", "4 c4@old r", "5 c5@new c");
      assertThat(customers(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake))))
          .containsExactly("1 c1@old r", "2 c2@old r", "3 c3@old r", "4 c4@old r");

      sidecar.runRound(table);
      assertThat(customers(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake))))
          .as("the lake after the next round, as the union read saw it before")
          .containsExactly("3 c3@new u", "4 c4@old r", "5 c5@new c");
    }
  }

  private static List<String> customers(ReadRows read) {
    return read.rows().stream()
        .sorted(Comparator.comparing(row -> (Integer) row.getField("id")))
        .map(UnionReadChangeEventsIT::described)
        .toList();
  }

  private static String described(Record row) {
    return row.getField("id") + " " + row.getField("email") + " " + row.getField("_cdc_op");
  }
}
