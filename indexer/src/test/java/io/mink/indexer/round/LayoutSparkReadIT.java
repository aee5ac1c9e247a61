package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Spark, an independent reader, reads a format version 3 table partitioned by day that Mink's rounds wrote. */
class LayoutSparkReadIT {
  private static final long DAY_ONE_MILLIS =
      Instant.parse("2026-03-01T10:00:00Z").toEpochMilli();

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void sparkReadsEveryRowOfAVersionThreeDayPartitionedTable() {
    String topic = InProcessSidecar.uniqueTopic("spark-v3");
    KAFKA.createTopic(topic, 2);
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      records.add(new TestRecord(
          i % 2,
          null,
          ("v" + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          DAY_ONE_MILLIS + 86_400_000L * (i / 70)));
    }
    KAFKA.produce(topic, records.subList(0, 120));

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      Map<String, String> options =
          Map.of("iceberg.format-version", "3", "partition-by", "day(_kafka_timestamp)");
      TableDescriptor descriptor = new TableDescriptor(
          "kafka",
          TableDescriptor.tableNameFor(topic),
          topic,
          null,
          Duration.ofMinutes(3),
          options,
          Instant.now());
      sidecar.lake.create(
          TieringService.identifier(descriptor),
          PartitionSpecs.forNewTable(
              KafkaColumns.SCHEMA, PartitionSpecs.parse(List.of("day(_kafka_timestamp)"))),
          MinkTableLayout.properties(topic, null, 128L << 20, options));
      sidecar.store.put(descriptor);
      sidecar.runRound(descriptor);
      KAFKA.produce(topic, records.subList(120, 200));
      sidecar.runRound(descriptor);

      try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
        List<Map<String, Object>> rows = spark.read(descriptor.qualifiedName());

        assertThat(rows).hasSize(200);
        for (Map<String, Object> row : rows) {
          long partition = (Long) row.get(KafkaColumns.PARTITION);
          long offset = (Long) row.get(KafkaColumns.OFFSET);
          int index = (int) (offset * 2 + partition);
          String value = (String) row.get(KafkaColumns.VALUE);
          assertThat(new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8))
              .isEqualTo("v" + index);
          assertThat(Instant.parse((String) row.get(KafkaColumns.TIMESTAMP)))
              .isEqualTo(Instant.ofEpochMilli(DAY_ONE_MILLIS + 86_400_000L * (index / 70)));
        }
      }
    }
  }
}
