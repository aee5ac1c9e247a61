package io.mink.indexer.redecode;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.PartResult;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.wire.SchemaIdDetector;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The raw parts of a table's rows with the reason the decoder gives them now, one row per part: the dead-letter view
 * of {@code mink read TABLE --raw}. A part the decoder reads now has the reason {@value #DECODES_NOW}: {@code mink
 * table redecode} would type it. Not thread-safe: one per read.
 */
public final class RawPartReasons {
  /** The reason of a raw part that decodes now. */
  public static final String DECODES_NOW = "decodes-now";

  /** The columns of the view. */
  public static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()),
      Types.NestedField.optional(3, KafkaColumns.TIMESTAMP, Types.TimestampType.withZone()),
      Types.NestedField.required(4, "part", Types.StringType.get(), "key or value"),
      Types.NestedField.required(
          5,
          "reason",
          Types.StringType.get(),
          "why the part is raw now, as the summary's mink-raw reasons"),
      Types.NestedField.required(6, "detail", Types.StringType.get(), "the decoder's own words"),
      Types.NestedField.required(7, "bytes", Types.BinaryType.get(), "the part's raw bytes"));

  private final String topic;
  private final PartDecoder decoder;
  private final MappingOptions options;
  private RawRows lastRows;

  public RawPartReasons(String topic, PartDecoder decoder, MappingOptions options) {
    this.topic = requireNonNull(topic, "topic is null");
    this.decoder = requireNonNull(decoder, "decoder is null");
    this.options = requireNonNull(options, "options is null");
  }

  /**
   * The raw parts of a row of {@code schema} (which has every Kafka column) as rows of {@link #SCHEMA}; none when
   * its key and value are decoded or null.
   *
   * @throws RegistryUnavailableException the registry did not answer
   */
  public List<Record> of(Schema schema, Record row) throws RegistryUnavailableException {
    RawRows raw = rawRows(schema);
    byte[] key = raw.rawKey(row);
    byte[] value = raw.rawValue(row);
    List<Record> parts = new ArrayList<>(2);
    if (key == null && value == null) {
      return parts;
    }
    ConsumerRecord<byte[], byte[]> record = raw.record(topic, row, key, value);
    if (key != null) {
      parts.add(part(row, "key", key, RawRows.header(record, SchemaIdDetector.KEY_HEADER)));
    }
    if (value != null) {
      parts.add(part(row, "value", value, RawRows.header(record, SchemaIdDetector.VALUE_HEADER)));
    }
    return parts;
  }

  /** The rows of one schema: a read's batches share theirs, so one is kept. */
  private RawRows rawRows(Schema schema) {
    RawRows kept = lastRows;
    if (kept == null || kept.schema() != schema) {
      kept = new RawRows(schema);
      lastRows = kept;
    }
    return kept;
  }

  private Record part(Record row, String part, byte[] bytes, byte[] header)
      throws RegistryUnavailableException {
    PartResult result = decoder.decode(bytes, header, options);
    GenericRecord view = GenericRecord.create(SCHEMA);
    view.setField(KafkaColumns.PARTITION, row.getField(KafkaColumns.PARTITION));
    view.setField(KafkaColumns.OFFSET, row.getField(KafkaColumns.OFFSET));
    view.setField(KafkaColumns.TIMESTAMP, row.getField(KafkaColumns.TIMESTAMP));
    view.setField("part", part);
    if (result instanceof PartResult.Raw rawResult) {
      view.setField("reason", rawResult.reason().key());
      view.setField("detail", rawResult.detail());
    } else {
      view.setField("reason", DECODES_NOW);
      view.setField("detail", "the decoder reads it now: mink table redecode types it");
    }
    view.setField("bytes", ByteBuffer.wrap(bytes));
    return view;
  }
}
