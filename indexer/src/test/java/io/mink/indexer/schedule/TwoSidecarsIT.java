package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TwoSidecarsIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void twoSidecarsOnOneTableNeverCommitARangeTwice() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("contended");
    KAFKA.createTopic(topic, 3);
    AtomicBoolean producing = new AtomicBoolean(true);
    AtomicInteger conflicts = new AtomicInteger();
    int batches = 20;
    int perBatch = 1_000;

    try (InProcessSidecar first =
            new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
        InProcessSidecar second =
            new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor table = first.add(topic, Duration.ofMinutes(3));
      ExecutorService threads = Executors.newFixedThreadPool(3);
      try {
        Future<?> producer = threads.submit(() -> {
          for (int batch = 0; batch < batches; batch++) {
            KAFKA.produce(topic, TestRecords.mixed(batch, perBatch, 3));
          }
          producing.set(false);
          return null;
        });
        List<Future<Integer>> sidecars = new ArrayList<>();
        for (InProcessSidecar sidecar : List.of(first, second)) {
          sidecars.add(
              threads.submit(indexUntilCaughtUp(sidecar, table, topic, producing, conflicts)));
        }
        producer.get();
        int rounds = 0;
        for (Future<Integer> sidecar : sidecars) {
          rounds += sidecar.get();
        }
        assertThat(rounds).isGreaterThan(1);
      } finally {
        threads.shutdownNow();
      }

      assertThat(first.rows(table))
          .hasSize(batches * perBatch)
          .extracting(InProcessSidecar::offsetKey)
          .doesNotHaveDuplicates();
      assertThat(first.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
      System.out.printf("two sidecars: %d conflicting commits refused%n", conflicts.get());
    }
  }

  private static Callable<Integer> indexUntilCaughtUp(
      InProcessSidecar sidecar,
      TableDescriptor table,
      String topic,
      AtomicBoolean producing,
      AtomicInteger conflicts) {
    return () -> {
      int committed = 0;
      while (true) {
        boolean lastPass = !producing.get();
        try {
          if (sidecar.runRound(table).committed()) {
            committed++;
          }
        } catch (OffsetConflictException e) {
          conflicts.incrementAndGet();
        }
        if (lastPass && sidecar.offsets(table).equals(LakeOffsets.of(KAFKA.endOffsets(topic)))) {
          return committed;
        }
      }
    };
  }
}
