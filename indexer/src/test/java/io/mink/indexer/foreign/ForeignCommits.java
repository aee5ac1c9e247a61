package io.mink.indexer.foreign;

import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.deletes.LakeKeyScan;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;

/**
 * Commits of another writer on a Mink table, made with Iceberg's own API as an engine makes them: a rewrite of a
 * Kafka partition's data files, and a merge-on-read DELETE that writes one position delete file for a whole
 * partition. None carries Mink's summary.
 */
final class ForeignCommits {
  private ForeignCommits() {}

  /** Rewrites every data file of the Kafka partition into one, its deleted rows left out, as rewrite_data_files does. */
  static void rewritePartition(Table table, int kafkaPartition) {
    table.refresh();
    Set<DataFile> old = new HashSet<>();
    Set<DeleteFile> oldDeletes = new HashSet<>();
    try (CloseableIterable<FileScanTask> tasks = table
        .newScan()
        .filter(Expressions.equal(KafkaColumns.PARTITION, kafkaPartition))
        .planFiles()) {
      for (FileScanTask task : tasks) {
        old.add(task.file());
        task.deletes().stream()
            .filter(delete -> delete.referencedDataFile() != null)
            .forEach(oldDeletes::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> read = IcebergGenerics.read(table)
        .where(Expressions.equal(KafkaColumns.PARTITION, kafkaPartition))
        .build()) {
      read.forEach(row -> rows.add(row.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table,
        PartitionFileWriter.writerFactory(table),
        "engine-rewrite",
        kafkaPartition,
        128L << 20)) {
      writer.write(rows);
      org.apache.iceberg.RewriteFiles rewrite = table.newRewrite();
      old.forEach(rewrite::deleteFile);
      oldDeletes.forEach(rewrite::deleteFile);
      writer.complete().forEach(rewrite::addFile);
      rewrite.commit();
    }
  }

  /**
   * Deletes the live rows of {@code keys} in one Kafka partition with one position delete file for the whole
   * partition, as Spark's merge-on-read DELETE writes with write.delete.granularity=partition on format 2.
   */
  static DeleteFile deleteKeysWithOnePartitionFile(
      Table table, int kafkaPartition, Set<String> keys) {
    table.refresh();
    TreeMap<String, List<Long>> positions = new TreeMap<>();
    LakeKeyScan.scan(
        table,
        table.currentSnapshot().snapshotId(),
        kafkaPartition,
        (key, offset, file, position) -> {
          if (keys.contains(text(key))) {
            positions
                .computeIfAbsent(file.location(), location -> new ArrayList<>())
                .add(position);
          }
        });
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    GenericRecord template = GenericRecord.create(table.schema());
    template.setField(KafkaColumns.PARTITION, kafkaPartition);
    partition.partition(template);
    String location = table
        .locationProvider()
        .newDataLocation(
            table.spec(), partition, "engine-delete-" + java.util.UUID.randomUUID() + ".parquet");
    try {
      PositionDeleteWriter<Object> writer = Parquet.writeDeletes(
              EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(location)))
          .setAll(table.properties())
          .metricsConfig(org.apache.iceberg.MetricsConfig.forPositionDelete())
          .withSpec(table.spec())
          .withPartition(partition)
          .buildPositionWriter();
      PositionDelete<Object> delete = PositionDelete.create();
      try (writer) {
        for (Map.Entry<String, List<Long>> file : positions.entrySet()) {
          file.getValue().stream()
              .sorted()
              .forEach(position -> writer.write(delete.set(file.getKey(), position)));
        }
      }
      DeleteFile written = writer.toDeleteFile();
      table.newRowDelta().addDeletes(written).commit();
      return written;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String text(ByteBuffer key) {
    byte[] bytes = new byte[key.remaining()];
    key.duplicate().get(bytes);
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }
}
