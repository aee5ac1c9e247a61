package io.mink.indexer.round;

import io.mink.lake.EngineReadability;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.SchemaStep;
import io.mink.schema.table.TableSchema;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns batches of Kafka records into rows of a table, in segments of one schema each: each key and value decoded
 * ({@link RecordParts}), each new schema merged into the table schema the first time a record uses it, and the
 * reason for every part left raw counted. A round builds its rows with one; so can any reader of a Kafka tail.
 */
public final class RowBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(RowBuilder.class);

  private final String table;
  private final RecordParts parts;
  private final TableSchema start;
  private TableSchema current;
  private final IdentityHashMap<CompiledSchema, PartResult.Raw> unmergeableKeys =
      new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, PartResult.Raw> unmergeableValues =
      new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, Boolean> mergedKeys = new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, Boolean> mergedValues = new IdentityHashMap<>();
  private final Map<String, Long> rawCounts = new TreeMap<>();
  private long records;
  private final List<SchemaStep> steps = new ArrayList<>();
  private final String timeAs;

  /**
   * @param table the table's name, for the log
   * @param parts decodes keys and values; null when no schema registry is configured: every part stays raw and no
   *     reason is counted
   * @param options the table's mapping options, named in the warning of a new time column
   */
  public RowBuilder(String table, TableSchema start, RecordParts parts, MappingOptions options) {
    this.table = table;
    this.start = start;
    this.current = start;
    this.parts = parts;
    this.timeAs = options.timeOfDay().label();
  }

  /**
   * The rows of the batch in segments of one schema each, and how many records they cover. The caller owns
   * the segments and closes them.
   */
  public Built build(List<ConsumerRecord<byte[], byte[]>> batch) throws InterruptedException {
    List<RowSegment> segments = new ArrayList<>();
    List<Integer> deletes = new ArrayList<>();
    BatchAssembler assembler = new BatchAssembler(current.schema(), batch.size());
    int built = 0;
    try {
      for (ConsumerRecord<byte[], byte[]> record : batch) {
        if (parts == null) {
          assembler.appendRaw(record);
          built++;
          continue;
        }
        Optional<RecordParts.Parts> decoded = parts.decode(record);
        if (decoded.isEmpty()) {
          break;
        }
        if (decoded.get().deletes()) {
          deletes.add(built++);
          continue;
        }
        PartResult key = mergeKey(decoded.get().key());
        PartResult value = mergeValue(decoded.get().value());
        if (assembler.schema() != current.schema()) {
          finish(assembler).ifPresent(segments::add);
          assembler = new BatchAssembler(current.schema(), batch.size() - built);
        }
        PartResult placed = assembler.append(record, key, value);
        count("key", key);
        count("value", placed);
        built++;
      }
    } catch (InterruptedException | RuntimeException e) {
      assembler.discard();
      segments.forEach(RowSegment::close);
      throw e;
    }
    finish(assembler).ifPresent(segments::add);
    records += built;
    return new Built(segments, built, deletes);
  }

  /**
   * As {@link #build}, for records whose key and value are slices of Kafka's fetch buffer, as the round's
   * consumer reads them. Without a registry each key and value is copied once, from its slice into its column,
   * into columns sized for the whole batch up front. With one, the records are copied into arrays of their own
   * first, as the decoders take them.
   */
  public Built buildSlices(List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch)
      throws InterruptedException {
    if (parts != null) {
      return build(SliceRecords.copies(batch));
    }
    BatchAssembler assembler = new BatchAssembler(
        current.schema(),
        batch.size(),
        SliceRecords.keyBytes(batch),
        SliceRecords.valueBytes(batch));
    try {
      for (ConsumerRecord<ByteBuffer, ByteBuffer> record : batch) {
        assembler.appendRawSlices(record);
      }
    } catch (RuntimeException e) {
      assembler.discard();
      throw e;
    }
    List<RowSegment> segments = new ArrayList<>(1);
    finish(assembler).ifPresent(segments::add);
    records += batch.size();
    return new Built(segments, batch.size(), List.of());
  }

  /** The assembler's rows as a segment; none when it has no rows. */
  private static Optional<RowSegment> finish(BatchAssembler assembler) {
    if (assembler.rows() == 0) {
      assembler.discard();
      return Optional.empty();
    }
    return Optional.of(new RowSegment(assembler.finish()));
  }

  /**
   * The rows built from a batch.
   *
   * @param records how many records of the batch, from the first, the rows and deletes cover
   * @param deletes the positions in the batch of the records that delete their key's row instead of being rows
   */
  public record Built(List<RowSegment> segments, int records, List<Integer> deletes) {}

  public TableSchema start() {
    return start;
  }

  public TableSchema current() {
    return current;
  }

  /** Every schema step merged this round, in order: committed on the start schema they give {@link #current()}. */
  public List<SchemaStep> steps() {
    return steps;
  }

  public boolean schemaChanged() {
    return !steps.isEmpty();
  }

  /** The records the built rows and deletes cover so far, over every batch. */
  public long records() {
    return records;
  }

  /** Parts left raw, by "key." or "value." and reason, such as value.undecodable-bytes. */
  public Map<String, Long> rawCounts() {
    return rawCounts;
  }

  private PartResult mergeKey(PartResult part) {
    if (!(part instanceof PartResult.Decoded decoded)) {
      return part;
    }
    PartResult.Raw refused = unmergeableKeys.get(decoded.schema());
    if (refused != null) {
      return refused;
    }
    if (mergedKeys.containsKey(decoded.schema())) {
      return part;
    }
    MergeResult result = SchemaMerge.mergeKey(current, decoded.schema().type());
    return apply(result, decoded, mergedKeys, unmergeableKeys, "key");
  }

  private PartResult mergeValue(PartResult part) {
    if (part instanceof PartResult.Encoded encoded) {
      return mergeEncoded(encoded);
    }
    if (!(part instanceof PartResult.Decoded decoded)) {
      return part;
    }
    PartResult.Raw refused = unmergeableValues.get(decoded.schema());
    if (refused != null) {
      return refused;
    }
    if (mergedValues.containsKey(decoded.schema())) {
      return part;
    }
    MergeResult result = SchemaMerge.mergeValue(current, decoded.schema().type());
    return apply(result, decoded, mergedValues, unmergeableValues, "value");
  }

  /**
   * A value whose payload the batch decodes: once its schema is merged, as it is. The first payload of a schema
   * not merged yet is decoded here first, so only a decodable record merges its schema, as with decoded values.
   */
  private PartResult mergeEncoded(PartResult.Encoded encoded) {
    PartResult.Raw refused = unmergeableValues.get(encoded.schema());
    if (refused != null) {
      return refused;
    }
    if (mergedValues.containsKey(encoded.schema())) {
      return encoded;
    }
    try {
      return mergeValue(new PartResult.Decoded(encoded.ref(), encoded.schema(), encoded.decode()));
    } catch (UndecodableException e) {
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, String.valueOf(e.getMessage()));
    }
  }

  private PartResult apply(
      MergeResult result,
      PartResult.Decoded decoded,
      Map<CompiledSchema, Boolean> merged,
      Map<CompiledSchema, PartResult.Raw> unmergeable,
      String part) {
    if (result instanceof MergeResult.Unmergeable refused) {
      PartResult.Raw raw = new PartResult.Raw(RawReason.UNMERGEABLE_SCHEMA, refused.reason());
      unmergeable.put(decoded.schema(), raw);
      LOG.warn(
          "The {} schema {} of {} cannot be merged into the table, its records keep their raw bytes: {}",
          part,
          decoded.ref(),
          table,
          refused.reason());
      return raw;
    }
    MergeResult.Merged ok = (MergeResult.Merged) result;
    if (ok.changed()) {
      steps.addAll(ok.steps());
      warnOfNewTimeColumns(current, ok.table());
      current = ok.table();
      LOG.info("Merging the {} schema {} into {}", part, decoded.ref(), table);
    }
    merged.put(decoded.schema(), Boolean.TRUE);
    return decoded;
  }

  /** A new column of Iceberg type time keeps Spark from reading the table: said once, when the column is made. */
  private void warnOfNewTimeColumns(TableSchema before, TableSchema after) {
    List<Integer> known = EngineReadability.timeFieldIds(before.schema());
    List<String> added = EngineReadability.timeFieldIds(after.schema()).stream()
        .filter(id -> !known.contains(id))
        .map(after.schema()::findColumnName)
        .toList();
    if (!added.isEmpty()) {
      LOG.warn(
          "Table {} gets {} {} of Iceberg type time (mink.time-as={}): {}",
          table,
          added.size() == 1 ? "column" : "columns",
          String.join(", ", added),
          timeAs,
          EngineReadability.warning(after.schema()).orElseThrow());
    }
  }

  private void count(String part, PartResult result) {
    if (result instanceof PartResult.Raw raw) {
      rawCounts.merge(part + "." + raw.reason().key(), 1L, Long::sum);
    }
  }
}
