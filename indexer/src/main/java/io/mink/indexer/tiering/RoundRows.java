package io.mink.indexer.tiering;

import io.mink.indexer.status.RegistryWait;
import io.mink.lake.EngineReadability;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.SchemaStep;
import io.mink.schema.table.TableSchema;
import io.mink.schema.wire.SchemaIdDetector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of a round, built on its fetch thread: each key and value decoded through the registry
 * (when one is configured), each new schema merged into the round's table schema the first time a
 * record uses it, and the reason for every part left raw counted.
 */
final class RoundRows {
  private static final Logger LOG = LoggerFactory.getLogger(RoundRows.class);
  private static final PartResult RAW = new PartResult.Raw(RawReason.NO_SCHEMA_ID, "no schema registry configured");

  private final String table;
  private final PartDecoder decoder;
  private final MappingOptions options;
  private final LongSupplier nanoTime;
  private final long deadlineNanos;
  private final TableSchema start;
  private TableSchema current;
  private RowAssembler assembler;
  private final Map<CompiledSchema, PartResult.Raw> unmergeableKeys = new IdentityHashMap<>();
  private final Map<CompiledSchema, PartResult.Raw> unmergeableValues = new IdentityHashMap<>();
  private final Map<CompiledSchema, Boolean> mergedKeys = new IdentityHashMap<>();
  private final Map<CompiledSchema, Boolean> mergedValues = new IdentityHashMap<>();
  private final Map<String, Long> rawCounts = new TreeMap<>();
  private final List<SchemaStep> steps = new ArrayList<>();
  private final RegistryOutage outage = new RegistryOutage();
  private final Consumer<RegistryWait> registryWaits;
  private Instant waitingSince;

  /**
   * @param decoder null when no schema registry is configured: every part stays raw
   * @param options how the table maps schema types to columns, from its options
   * @param deadlineNanos when waiting for the registry must give up so the round can force-finish
   */
  RoundRows(String table, TableSchema start, PartDecoder decoder, MappingOptions options, LongSupplier nanoTime,
      long deadlineNanos, Consumer<RegistryWait> registryWaits) {
    this.registryWaits = registryWaits;
    this.table = table;
    this.start = start;
    this.current = start;
    this.decoder = decoder;
    this.options = options;
    this.nanoTime = nanoTime;
    this.deadlineNanos = deadlineNanos;
    this.assembler = new RowAssembler(start.schema());
  }

  /** The rows of the batch in segments of one schema each, and how many records they cover. */
  Built build(List<ConsumerRecord<byte[], byte[]>> batch) throws InterruptedException {
    List<RowSegment> segments = new ArrayList<>();
    List<Record> rows = new ArrayList<>(batch.size());
    int built = 0;
    for (ConsumerRecord<byte[], byte[]> record : batch) {
      PartResult key;
      PartResult value;
      if (decoder == null) {
        key = record.key() == null ? PartResult.ABSENT : RAW;
        value = record.value() == null ? PartResult.ABSENT : RAW;
      } else {
        PartResult[] parts = decodeWaitingOutOutages(record);
        if (parts == null) {
          break;
        }
        key = mergeKey(parts[0]);
        value = mergeValue(parts[1]);
        if (assembler.schema() != current.schema()) {
          if (!rows.isEmpty()) {
            segments.add(new RowSegment(assembler.schema(), rows));
            rows = new ArrayList<>();
          }
          assembler = new RowAssembler(current.schema());
        }
        count("key", key);
        count("value", value);
      }
      rows.add(assembler.row(record, key, value));
      built++;
    }
    if (!rows.isEmpty()) {
      segments.add(new RowSegment(assembler.schema(), rows));
    }
    return new Built(segments, built);
  }

  record Built(List<RowSegment> segments, int records) {}

  TableSchema start() {
    return start;
  }

  TableSchema current() {
    return current;
  }

  /** Every schema step merged this round, in order: committed on the start schema they give {@link #current()}. */
  List<SchemaStep> steps() {
    return steps;
  }

  boolean schemaChanged() {
    return !steps.isEmpty();
  }

  /** Parts left raw, by "key." or "value." and reason, such as value.undecodable-bytes. */
  Map<String, Long> rawCounts() {
    return rawCounts;
  }

  private PartResult[] decodeWaitingOutOutages(ConsumerRecord<byte[], byte[]> record) throws InterruptedException {
    while (true) {
      try {
        PartResult key = decoder.decode(record.key(), header(record, SchemaIdDetector.KEY_HEADER), options);
        PartResult value = decoder.decode(record.value(), header(record, SchemaIdDetector.VALUE_HEADER), options);
        outage.ended();
        if (waitingSince != null) {
          waitingSince = null;
          registryWaits.accept(null);
        }
        return new PartResult[] {key, value};
      } catch (RegistryUnavailableException e) {
        if (waitingSince == null) {
          waitingSince = Instant.now();
        }
        registryWaits.accept(new RegistryWait(waitingSince, String.valueOf(e.getMessage())));
        long wait = outage.nextWait().toMillis();
        if (nanoTime.getAsLong() + wait * 1_000_000 > deadlineNanos) {
          LOG.warn("Schema registry unavailable while indexing {} at partition {} offset {}: committing what was "
              + "read before it and retrying next round: {}", table, record.partition(), record.offset(),
              e.getMessage());
          return null;
        }
        LOG.warn("Schema registry unavailable while indexing {} at partition {} offset {}; retrying in {} ms: {}",
            table, record.partition(), record.offset(), wait, e.getMessage());
        Thread.sleep(wait);
      }
    }
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

  private PartResult apply(MergeResult result, PartResult.Decoded decoded, Map<CompiledSchema, Boolean> merged,
      Map<CompiledSchema, PartResult.Raw> unmergeable, String part) {
    if (result instanceof MergeResult.Unmergeable refused) {
      PartResult.Raw raw = new PartResult.Raw(RawReason.UNMERGEABLE_SCHEMA, refused.reason());
      unmergeable.put(decoded.schema(), raw);
      LOG.warn("The {} schema {} of {} cannot be merged into the table, its records keep their raw bytes: {}",
          part, decoded.ref(), table, refused.reason());
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
        .filter(id -> !known.contains(id)).map(after.schema()::findColumnName).toList();
    if (!added.isEmpty()) {
      LOG.warn("Table {} gets {} {} of Iceberg type time (mink.time-as={}): {}", table,
          added.size() == 1 ? "column" : "columns", String.join(", ", added), options.timeOfDay().label(),
          EngineReadability.warning(after.schema()).orElseThrow());
    }
  }

  private void count(String part, PartResult result) {
    if (result instanceof PartResult.Raw raw) {
      rawCounts.merge(part + "." + raw.reason().key(), 1L, Long::sum);
    }
  }

  private static byte[] header(ConsumerRecord<byte[], byte[]> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : header.value();
  }
}
