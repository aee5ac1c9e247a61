package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeTables;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LastTieredTest {
  private final InMemoryCatalog catalog = new InMemoryCatalog();
  private LakeTables lake;

  @BeforeEach
  void createCatalog() {
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("kafka"));
    lake = new LakeTables(catalog);
  }

  @Test
  void manyTablesAreReadInTheOrderGivenWithNullForTablesNeverTieredOrMissing() {
    List<TableDescriptor> tables = new ArrayList<>();
    List<Instant> expected = new ArrayList<>();
    for (int i = 0; i < 3 * LastTiered.PARALLEL_READS; i++) {
      TableDescriptor descriptor = descriptor("topic_" + i);
      tables.add(descriptor);
      if (i % 3 == 2) {
        expected.add(null);
        continue;
      }
      Table table = catalog.createTable(
          TieringService.identifier(descriptor),
          KafkaColumns.SCHEMA,
          PartitionSpec.unpartitioned());
      if (i % 3 == 1) {
        expected.add(null);
        continue;
      }
      table
          .newAppend()
          .set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER)
          .set(
              MinkSnapshot.OFFSETS_PROPERTY, LakeOffsets.of(Map.of(0, (long) i)).encode())
          .commit();
      expected.add(Instant.ofEpochMilli(table.currentSnapshot().timestampMillis()));
    }

    List<LastTiered.Read> reads = readAll(tables);
    assertThat(reads).extracting(LastTiered.Read::lastTiered).containsExactlyElementsOf(expected);
    for (int i = 0; i < tables.size(); i++) {
      assertThat(reads.get(i).table() == null).as("table %d not loaded", i).isEqualTo(i % 3 == 2);
      if (reads.get(i).table() != null) {
        assertThat(reads.get(i).table().name()).endsWith(tables.get(i).name());
      }
    }
  }

  @Test
  void oneTableIsReadOnTheCallingThread() {
    assertThat(readAll(List.of(descriptor("missing")))).containsExactly(LastTiered.Read.UNKNOWN);
    assertThat(readAll(List.of())).isEmpty();
  }

  /** The reads in the order handed over, each checked to come with its own table, on the calling thread. */
  private List<LastTiered.Read> readAll(List<TableDescriptor> tables) {
    List<LastTiered.Read> reads = new ArrayList<>();
    Thread caller = Thread.currentThread();
    LastTiered.forEach(lake, tables, (table, read) -> {
      assertThat(Thread.currentThread()).isSameAs(caller);
      assertThat(table).isSameAs(tables.get(reads.size()));
      reads.add(read);
    });
    return reads;
  }

  private static TableDescriptor descriptor(String topic) {
    return new TableDescriptor(
        "kafka",
        TableDescriptor.tableNameFor(topic),
        topic,
        null,
        Duration.ofMinutes(3),
        Map.of(),
        Instant.now());
  }
}
