package io.mink.indexer.redecode;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.decoding.KeptSchema;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.RowSegment;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.wire.SchemaIdDetector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.TypeUtil;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Decodes again the raw parts of one data file's live rows that a scope covers, through a {@link RowBuilder}, the
 * round's own row building, and hands on every live row in file order: the lake row as it was, or with the parts that
 * decode now. Rows are read under the builder's current schema, so a row that does not change is the same row.
 */
final class FileRedecoder {
  private static final int BATCH_ROWS = 4_096;

  private final Table table;
  private final String topic;
  private final RedecodeScope scope;
  private final Function<SchemaRef, Optional<KeptSchema>> kept;

  /** @param kept the writer schema the table keeps for a ref, which tells the previous reason of its parts */
  FileRedecoder(
      Table table,
      String topic,
      RedecodeScope scope,
      Function<SchemaRef, Optional<KeptSchema>> kept) {
    this.kept = requireNonNull(kept, "kept is null");
    this.table = requireNonNull(table, "table is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.scope = requireNonNull(scope, "scope is null");
  }

  /**
   * What became of a file's raw parts.
   *
   * @param redecoded the parts that decode now, by "key." or "value." and their previous reason
   * @param rows the file's live rows
   */
  record Outcome(Map<String, Long> redecoded, long rows) {
    boolean changes() {
      return !redecoded.isEmpty();
    }
  }

  /**
   * Decodes the file's raw parts in scope and passes its live rows, in file order and in batches, to {@code rows}.
   *
   * @param builder builds the rows; it merges the schemas of the parts that decode into its current schema
   * @param deleted the positions of the file's rows that are deleted
   */
  Outcome redecode(
      DataFile file, PositionDeleteIndex deleted, RowBuilder builder, Consumer<List<Record>> rows)
      throws InterruptedException {
    Schema schema = builder.current().schema();
    RawRows raw = new RawRows(schema);
    Schema read = TypeUtil.join(schema, new Schema(MetadataColumns.ROW_POSITION));
    Map<String, Long> redecoded = new TreeMap<>();
    long live = 0;
    try (CloseableIterable<Record> lakeRows = Parquet.read(table.io().newInputFile(file.location()))
        .project(read)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(read, fileSchema))
        .build()) {
      List<Record> chunk = new ArrayList<>(BATCH_ROWS);
      for (Record row : lakeRows) {
        if (deleted.isDeleted((Long) row.getField(MetadataColumns.ROW_POSITION.name()))) {
          continue;
        }
        chunk.add(withoutPosition(schema, row));
        live++;
        if (chunk.size() == BATCH_ROWS) {
          rows.accept(decodeChunk(raw, chunk, builder, redecoded));
          chunk = new ArrayList<>(BATCH_ROWS);
        }
      }
      if (!chunk.isEmpty()) {
        rows.accept(decodeChunk(raw, chunk, builder, redecoded));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read data file " + file.location() + " to decode its raw rows again", e);
    }
    return new Outcome(redecoded, live);
  }

  /**
   * The chunk's rows, those whose raw parts decode now with the decoded parts. A row whose decoded part brought a
   * schema the builder merged only now stays as it was: only a scan that learns the table's schema meets one, and it
   * counts the decoded parts only; the rewrite after it builds under that schema from the start.
   */
  private List<Record> decodeChunk(
      RawRows raw, List<Record> chunk, RowBuilder builder, Map<String, Long> redecoded)
      throws InterruptedException {
    Schema schema = raw.schema();
    List<Integer> positions = new ArrayList<>();
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    List<String[]> previous = new ArrayList<>();
    for (int i = 0; i < chunk.size(); i++) {
      Record row = chunk.get(i);
      if (!scope.covers((Integer) row.getField(KafkaColumns.PARTITION), (Long)
          row.getField(KafkaColumns.OFFSET))) {
        continue;
      }
      byte[] key = raw.rawKey(row);
      byte[] value = raw.rawValue(row);
      ConsumerRecord<byte[], byte[]> full = raw.record(topic, row, key, value);
      int partition = (Integer) row.getField(KafkaColumns.PARTITION);
      long offset = (Long) row.getField(KafkaColumns.OFFSET);
      String keyReason = key == null
          ? null
          : PreviousReason.name(
              key, RawRows.header(full, SchemaIdDetector.KEY_HEADER), kept, partition, offset);
      String valueReason = value == null
          ? null
          : PreviousReason.name(
              value, RawRows.header(full, SchemaIdDetector.VALUE_HEADER), kept, partition, offset);
      key = keyReason != null && scope.covers(keyReason) ? key : null;
      value = valueReason != null && scope.covers(valueReason) ? value : null;
      if (key == null && value == null) {
        continue;
      }
      positions.add(i);
      records.add(raw.record(topic, row, key, value));
      previous.add(
          new String[] {key == null ? null : keyReason, value == null ? null : valueReason});
    }
    if (records.isEmpty()) {
      return chunk;
    }
    List<Record> rebuilt = build(builder, records);
    List<Record> out = new ArrayList<>(chunk);
    for (int j = 0; j < positions.size(); j++) {
      Record again = rebuilt.get(j);
      boolean key = previous.get(j)[0] != null && raw.keyDecoded(again);
      boolean value = previous.get(j)[1] != null && RawRows.valueDecoded(again);
      if (key) {
        redecoded.merge("key." + previous.get(j)[0], 1L, Long::sum);
      }
      if (value) {
        redecoded.merge("value." + previous.get(j)[1], 1L, Long::sum);
      }
      if ((key || value) && again.struct().equals(schema.asStruct())) {
        int at = positions.get(j);
        out.set(at, raw.merge(chunk.get(at), again, key, value));
      }
    }
    return out;
  }

  /** The records built again, in order; each of the schema of the segment that holds it. */
  private static List<Record> build(
      RowBuilder builder, List<ConsumerRecord<byte[], byte[]>> records)
      throws InterruptedException {
    RowBuilder.Built built = builder.build(records);
    try {
      if (built.records() < records.size() || !built.deletes().isEmpty()) {
        throw MinkException.external(
            "The schema registry did not answer while raw rows of partition "
                + records.get(0).partition()
                + " were decoded again; nothing was committed. Run mink table"
                + " redecode again when it answers");
      }
      List<Record> rows = new ArrayList<>(records.size());
      for (RowSegment segment : built.segments()) {
        rows.addAll(segment.batch().toRecords());
      }
      return rows;
    } finally {
      built.segments().forEach(RowSegment::close);
    }
  }

  private static Record withoutPosition(Schema schema, Record row) {
    GenericRecord copy = GenericRecord.create(schema);
    for (int i = 0; i < schema.columns().size(); i++) {
      copy.set(i, row.get(i));
    }
    return copy;
  }
}
