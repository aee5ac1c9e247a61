package io.mink.indexer.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One suite, every catalog type: a Mink table is created through the catalog, a round's Parquet file is written
 * through the catalog's FileIO and committed with its offsets, and a second connection to the catalog reads the
 * rows and the offsets back. Each subclass names its catalog; servers are started once per class.
 */
abstract class CatalogRoundTripSuite {
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);
  private final List<Catalog> opened = new ArrayList<>();
  private TableIdentifier identifier;

  /** Mink's [lake] settings for the catalog under test. */
  abstract LakeSettings settings();

  @BeforeEach
  void nameTable() {
    identifier =
        TableIdentifier.of("kafka", "orders_" + UUID.randomUUID().toString().substring(0, 8));
  }

  @AfterEach
  void closeCatalogs() throws IOException {
    for (Catalog catalog : opened) {
      if (catalog instanceof Closeable closeable) {
        closeable.close();
      }
    }
  }

  @Test
  void committedRoundReadsBackThroughANewConnectionWithItsOffsets() {
    Table table = lake()
        .create(identifier, MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));

    MinkSnapshot committed = committer.commit(table, round(table, LakeOffsets.NONE, 3));

    assertThat(committed.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
    Table reread = lake().load(identifier);
    assertThat(offsetsOf(reread)).isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
    assertThat(rows(reread))
        .extracting(row -> row.getField(KafkaColumns.OFFSET))
        .containsExactly(0L, 1L, 2L);
    assertThat(reread.currentSnapshot().summary())
        .containsEntry(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER)
        .containsEntry("added-records", "3");
  }

  @Test
  void nextRoundContinuesFromTheRecordedOffsets() {
    Table table = lake()
        .create(identifier, MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
    committer.commit(table, round(table, LakeOffsets.NONE, 3));

    Table reread = lake().load(identifier);
    committer.commit(reread, round(reread, offsetsOf(reread), 5));

    Table last = lake().load(identifier);
    assertThat(offsetsOf(last)).isEqualTo(LakeOffsets.of(Map.of(0, 8L)));
    assertThat(last.refs().get(MinkSnapshot.LAST_ROUND_TAG).snapshotId())
        .as("each round's commit moves the last-round tag to its snapshot")
        .isEqualTo(last.currentSnapshot().snapshotId());
    assertThat(rows(last))
        .extracting(row -> row.getField(KafkaColumns.OFFSET))
        .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
  }

  @Test
  void roundPlannedFromStaleOffsetsIsRefusedByTheCatalog() {
    Table table = lake()
        .create(identifier, MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
    Table otherWriter = lake().load(identifier);
    committer.commit(otherWriter, round(otherWriter, LakeOffsets.NONE, 3));

    RoundCommit stale = round(table, LakeOffsets.NONE, 3);
    assertThatThrownBy(() -> committer.commit(table, stale))
        .isInstanceOf(OffsetConflictException.class);

    assertThat(offsetsOf(lake().load(identifier))).isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
  }

  /** A new connection to the catalog, closed after the test. */
  LakeTables lake() {
    return lake(settings());
  }

  /** A new connection to a catalog of other settings, closed after the test. */
  LakeTables lake(LakeSettings settings) {
    Catalog catalog = CatalogLoader.load(settings);
    opened.add(catalog);
    return new LakeTables(catalog);
  }

  TableIdentifier identifier() {
    return identifier;
  }

  /** A round of {@code count} records of Kafka partition 0 from {@code start}, written as one Parquet file. */
  static RoundCommit round(Table table, LakeOffsets start, int count) {
    long from = start.nextOffset(0).orElse(0);
    LakeOffsets end = start.advancedTo(Map.of(0, from + count));
    return new RoundCommit(
        UUID.randomUUID().toString(),
        start,
        end,
        List.of(dataFile(table, from, from + count)),
        Map.of());
  }

  private static DataFile dataFile(Table table, long from, long to) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "test", 0, 1024 * 1024)) {
      for (long offset = from; offset < to; offset++) {
        writer.write(List.of(rows.rawRow(
            new ConsumerRecord<>("orders", 0, offset, null, new byte[] {(byte) offset}))));
      }
      return writer.complete().get(0);
    }
  }

  static LakeOffsets offsetsOf(Table table) {
    return MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  /** Every row, ordered by offset. */
  static List<Record> rows(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    rows.sort((a, b) -> Long.compare(
        (Long) a.getField(KafkaColumns.OFFSET), (Long) b.getField(KafkaColumns.OFFSET)));
    return rows;
  }
}
