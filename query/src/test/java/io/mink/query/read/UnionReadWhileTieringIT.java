package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Union reads while a producer writes and rounds commit: every read holds, per partition, each record of the topic
 * below the end offset it planned exactly once, in offset order, whichever snapshot and seam it pinned.
 */
class UnionReadWhileTieringIT {
  private static final int PARTITIONS = 3;
  private static final int READS = 25;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void everyReadHoldsEachRecordBelowItsEndOnceWhileProducersWriteAndRoundsCommit()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("busy");
    KAFKA.createTopic(topic, PARTITIONS);
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      Future<?> producer = threads.submit(() -> produceUntilStopped(topic, running));
      Future<?> rounds = threads.submit(() -> {
        while (running.get()) {
          sidecar.runRound(table);
        }
        return null;
      });
      Set<Long> snapshots = new HashSet<>();
      long tailRows = 0;
      long lakeRows = 0;
      for (int read = 0; read < READS; read++) {
        ReadRows rows = UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union));
        for (int partition = 0; partition < PARTITIONS; partition++) {
          TailRange tail = rows.point().tails().get(partition);
          assertThat(offsetsOf(rows, partition))
              .as("read %d, partition %d, tail %s", read, partition, tail)
              .isEqualTo(range(tail.to()));
          tailRows += tail.to() - tail.from();
          lakeRows += tail.from();
        }
        rows.point().snapshotId().ifPresent(snapshots::add);
      }
      running.set(false);
      producer.get(30, TimeUnit.SECONDS);
      rounds.get(60, TimeUnit.SECONDS);

      assertThat(snapshots).as("snapshots the reads pinned").hasSizeGreaterThan(3);
      assertThat(tailRows).as("rows read from tails").isPositive();
      assertThat(lakeRows).as("rows read from the lake").isPositive();
    } finally {
      running.set(false);
      threads.shutdownNow();
    }
  }

  /** The partition's offsets as the read returned them, each checked against the value written at it. */
  private static List<Long> offsetsOf(ReadRows rows, int partition) {
    List<Long> offsets = new ArrayList<>();
    for (Record row : rows.rows()) {
      if ((Integer) row.getField(KafkaColumns.PARTITION) == partition) {
        long offset = (Long) row.getField(KafkaColumns.OFFSET);
        String value = StandardCharsets.UTF_8
            .decode(((ByteBuffer) row.getField(KafkaColumns.VALUE)).duplicate())
            .toString();
        assertThat(value).isEqualTo("p" + partition + "-" + offset);
        offsets.add(offset);
      }
    }
    return offsets;
  }

  private static List<Long> range(long end) {
    List<Long> offsets = new ArrayList<>();
    for (long offset = 0; offset < end; offset++) {
      offsets.add(offset);
    }
    return offsets;
  }

  /** Records p{partition}-{n} into each partition, n counting from 0, so a record's n is its offset. */
  private static Void produceUntilStopped(String topic, AtomicBoolean running) throws Exception {
    long[] next = new long[PARTITIONS];
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer()) {
      while (running.get()) {
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          for (int partition = 0; partition < PARTITIONS; partition++) {
            byte[] value =
                ("p" + partition + "-" + next[partition]++).getBytes(StandardCharsets.UTF_8);
            sent.add(producer.send(new ProducerRecord<>(topic, partition, null, value)));
          }
        }
        for (Future<RecordMetadata> record : sent) {
          record.get(30, TimeUnit.SECONDS);
        }
        Thread.sleep(10);
      }
    }
    return null;
  }
}
