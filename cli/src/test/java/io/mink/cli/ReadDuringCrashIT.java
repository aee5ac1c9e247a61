package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.LakeSettings;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.TailRange;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A union read while {@code mink serve}, in a process of its own, is SIGKILLed inside a commit. */
class ReadDuringCrashIT {
  private static final Duration STEP = Duration.ofSeconds(60);
  private static final int PARTITIONS = 3;

  @RegisterExtension
  static final KafkaBroker KAFKA = SharedBroker.KAFKA;

  @TempDir
  Path directory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, directory);
  }

  @Test
  void aSidecarKilledInsideACommitDuringAReadChangesNothingInIt() throws Exception {
    String topic = mink.topic("crash_read", PARTITIONS);
    String table = "kafka." + topic;
    assertThat(mink.run("table", "add", topic, "--freshness", "1s").exitCode()).isZero();
    KAFKA.produce(topic, TestRecords.mixed(0, 3_000, PARTITIONS));
    Path config = writeConfig();
    try (SidecarProcess sidecar = CliSidecars.start(config, 1_000, mink.variables())) {
      sidecar.await("mink-commit-hook: swapped catalog metadata", STEP);
      KAFKA.produce(topic, TestRecords.mixed(3_000, 3_000, PARTITIONS));
      sidecar.await("mink-commit-hook: swapping catalog metadata", STEP);
      try (KafkaConsumer<byte[], byte[]> consumer = consumer();
          ReadResult result =
              reader(table, consumer).read(ReadRequest.of(ReadMode.union).withBatchSize(500))) {
        List<Record> rows = new ArrayList<>(take(result, 1));
        sidecar.kill();
        rows.addAll(take(result, Integer.MAX_VALUE));

        for (int partition = 0; partition < PARTITIONS; partition++) {
          TailRange tail = result.point().tails().get(partition);
          assertThat(offsets(rows, partition))
              .as("partition %d, tail %s", partition, tail)
              .isEqualTo(range(tail.to()));
        }
        try (KafkaConsumer<byte[], byte[]> again = consumer();
            ReadResult repeated =
                reader(table, again).read(ReadRequest.of(ReadMode.union).at(result.point()))) {
          assertThat(take(repeated, Integer.MAX_VALUE)).isEqualTo(rows);
        }
      }
    }
  }

  private UnionRead reader(String table, KafkaConsumer<byte[], byte[]> consumer) {
    TableDescriptor descriptor = mink.entry(table);
    return new UnionRead(
        mink.icebergTable(table),
        descriptor,
        consumer,
        TopicIds.connecting(new KafkaClientFactory(
            Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-read-test")),
        Optional.empty(),
        ReadProgress.NONE);
  }

  private static KafkaConsumer<byte[], byte[]> consumer() {
    return new KafkaClientFactory(
            Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-read-test")
        .rawConsumer("read", UnionRead.CONSUMER_SETTINGS);
  }

  private static List<Record> take(ReadResult result, int batches) {
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < batches && result.batches().hasNext(); i++) {
      try (RowBatch batch = result.batches().next()) {
        rows.addAll(batch.toRecords());
      }
    }
    return rows;
  }

  private static List<Long> offsets(List<Record> rows, int partition) {
    return rows.stream()
        .filter(row -> (Integer) row.getField(KafkaColumns.PARTITION) == partition)
        .map(row -> (Long) row.getField(KafkaColumns.OFFSET))
        .toList();
  }

  private static List<Long> range(long end) {
    List<Long> offsets = new ArrayList<>();
    for (long offset = 0; offset < end; offset++) {
      offsets.add(offset);
    }
    return offsets;
  }

  private Path writeConfig() throws IOException {
    LakeSettings lake = LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY));
    return Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "200ms"
        """.formatted(
            KAFKA.bootstrapServers(), lake.uri(), lake.warehouse()));
  }
}
