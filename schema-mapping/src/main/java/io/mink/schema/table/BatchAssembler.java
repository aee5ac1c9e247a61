package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.batch.ValueSetter;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Appends records to a column batch of one table schema: the metadata columns straight into their vectors,
 * the raw key and value when they were not decoded, and the typed columns of decoded parts where
 * {@link ColumnMatch} places them. The schema must already hold the decoded parts' columns (see
 * {@link SchemaMerge}). Not thread-safe: one per batch on a round's fetch thread.
 */
public final class BatchAssembler {
  private static final int MAX_CACHED_HEADER_KEYS = 256;

  private final Schema schema;
  private final Types.StructType struct;
  private final RowBatch batch;
  private final IntVector partitions;
  private final BigIntVector offsets;
  private final TimeStampVector timestamps;
  private final VarBinaryVector keys;
  private final ListVector headers;
  private final StructVector header;
  private final VarCharVector headerKeys;
  private final VarBinaryVector headerValues;
  private final VarBinaryVector values;
  private final IdentityHashMap<CompiledSchema, Placement> keyPlacements = new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, Placement> valuePlacements =
      new IdentityHashMap<>();
  private final IdentityHashMap<CompiledSchema, Columns> columnDecoders = new IdentityHashMap<>();
  private final HashMap<String, byte[]> headerKeyBytes = new HashMap<>();
  private int rows;
  /** An upsert table's _kafka_key is required: it holds the raw key bytes even when the key is decoded. */
  private final boolean keepsRawKey;

  /** A batch of the schema with room for {@code capacity} records before it grows. */
  public BatchAssembler(Schema schema, int capacity) {
    this(schema, capacity, Map.of());
  }

  /**
   * A batch of the schema with room for {@code capacity} records, and for {@code keyBytes} and
   * {@code valueBytes} of raw keys and values, before it grows: a batch whose sizes are known up front is
   * never copied to a larger buffer while it is filled.
   */
  public BatchAssembler(Schema schema, int capacity, long keyBytes, long valueBytes) {
    this(
        schema,
        capacity,
        Map.of(KafkaColumns.KEY_POSITION, keyBytes, KafkaColumns.VALUE_POSITION, valueBytes));
  }

  private BatchAssembler(Schema schema, int capacity, Map<Integer, Long> columnBytes) {
    this.schema = requireNonNull(schema, "schema is null");
    this.struct = schema.asStruct();
    this.batch = RowBatch.allocate(schema, capacity, columnBytes);
    this.partitions = (IntVector) batch.column(KafkaColumns.PARTITION_POSITION);
    this.offsets = (BigIntVector) batch.column(KafkaColumns.OFFSET_POSITION);
    this.timestamps = (TimeStampVector) batch.column(KafkaColumns.TIMESTAMP_POSITION);
    this.keys = (VarBinaryVector) batch.column(KafkaColumns.KEY_POSITION);
    this.headers = (ListVector) batch.column(KafkaColumns.HEADERS_POSITION);
    this.header = (StructVector) headers.getDataVector();
    this.headerKeys = (VarCharVector) header.getChildByOrdinal(0);
    this.headerValues = (VarBinaryVector) header.getChildByOrdinal(1);
    this.values = (VarBinaryVector) batch.column(KafkaColumns.VALUE_POSITION);
    this.keepsRawKey = schema.findField(KafkaColumns.KEY).isRequired();
  }

  public Schema schema() {
    return schema;
  }

  public int rows() {
    return rows;
  }

  /** Appends the record with its key and value kept raw, as a table without a schema registry holds it. */
  public void appendRaw(ConsumerRecord<byte[], byte[]> record) {
    appendKafkaColumns(record);
    if (record.key() != null) {
      keys.setSafe(rows, record.key());
    }
    if (record.value() != null) {
      values.setSafe(rows, record.value());
    }
    rows++;
  }

  /**
   * Appends the record with its key and value kept raw, as {@link #appendRaw} does, from slices of the buffer
   * Kafka fetched: each is copied once, straight into its column.
   */
  public void appendRawSlices(ConsumerRecord<ByteBuffer, ByteBuffer> record) {
    appendKafkaColumns(record);
    if (record.key() != null) {
      set(keys, rows, record.key());
    }
    if (record.value() != null) {
      set(values, rows, record.value());
    }
    rows++;
  }

  /**
   * Sets the row to the slice's remaining bytes, leaving the slice as it was: a heap slice is copied from its
   * array, any other through Arrow's copy from a buffer.
   */
  private static void set(VarBinaryVector vector, int row, ByteBuffer slice) {
    if (slice.hasArray()) {
      vector.setSafe(row, slice.array(), slice.arrayOffset() + slice.position(), slice.remaining());
    } else {
      vector.setSafe(row, slice, slice.position(), slice.remaining());
    }
  }

  /**
   * Appends the record with its key and value as decoded, or raw with their reason, and returns what became of
   * the value: an {@link PartResult.Encoded} value is decoded straight into the columns, or kept raw with its
   * reason when its payload cannot be decoded.
   */
  public PartResult append(
      ConsumerRecord<byte[], byte[]> record, PartResult key, PartResult value) {
    if (key instanceof PartResult.Encoded) {
      throw new IllegalArgumentException(
          "A key goes into one column, decoded: only values decode straight into columns");
    }
    appendKafkaColumns(record);
    if (key instanceof PartResult.Raw || (keepsRawKey && record.key() != null)) {
      keys.setSafe(rows, record.key());
    }
    if (key instanceof PartResult.Decoded decoded) {
      keyPlacements
          .computeIfAbsent(decoded.schema(), this::keyPlacement)
          .place(rows, decoded.value());
    }
    PartResult placed = value;
    if (value instanceof PartResult.Encoded encoded) {
      placed = decodeIntoColumns(encoded);
    }
    if (placed instanceof PartResult.Raw) {
      values.setSafe(rows, record.value());
    } else if (placed instanceof PartResult.Decoded decoded) {
      valuePlacements
          .computeIfAbsent(decoded.schema(), this::valuePlacement)
          .place(rows, decoded.value());
    }
    rows++;
    return placed;
  }

  /** Decodes the payload into the row's columns; on failure sets them null again and gives the reason. */
  private PartResult decodeIntoColumns(PartResult.Encoded value) {
    Columns columns = columnDecoders.computeIfAbsent(value.schema(), this::columnDecoder);
    try {
      columns.decoder().decode(rows, value.data(), value.offset(), value.length());
      return value;
    } catch (UndecodableException e) {
      columns.sinks().forEach(sink -> sink.setNull(rows));
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, String.valueOf(e.getMessage()));
    }
  }

  private Columns columnDecoder(CompiledSchema decoded) {
    List<FieldSink> sinks = new ArrayList<>();
    for (Types.NestedField field : decoded.type().asStructType().fields()) {
      int position = ValueAdapter.positionOf(struct, field);
      sinks.add(new ColumnSink(
          field.type(), struct.fields().get(position).type(), batch.column(position)));
    }
    ColumnDecoder decoder = decoded
        .columnDecoder(sinks)
        .orElseThrow(() ->
            new IllegalArgumentException("Schema " + decoded + " does not decode into columns"));
    return new Columns(decoder, sinks);
  }

  private record Columns(ColumnDecoder decoder, List<FieldSink> sinks) {}

  /** The batch of every record appended; the caller owns it and closes it. */
  public RowBatch finish() {
    batch.finish(rows);
    return batch;
  }

  /** Frees the batch of an assembly that will not be written. */
  public void discard() {
    batch.close();
  }

  private void appendKafkaColumns(ConsumerRecord<?, ?> record) {
    partitions.setSafe(rows, record.partition());
    offsets.setSafe(rows, record.offset());
    if (record.timestamp() >= 0) {
      timestamps.setSafe(rows, record.timestamp() * 1_000L);
    }
    Header[] all = record.headers().toArray();
    int start = headers.startNewValue(rows);
    for (int i = 0; i < all.length; i++) {
      int at = start + i;
      header.setIndexDefined(at);
      headerKeys.setSafe(at, utf8(all[i].key()));
      if (all[i].value() != null) {
        headerValues.setSafe(at, all[i].value());
      } else {
        headerValues.setNull(at);
      }
    }
    headers.endValue(rows, all.length);
  }

  /** A header key's UTF-8 bytes: a topic's records carry few distinct keys, so each is encoded once. */
  private byte[] utf8(String key) {
    byte[] bytes = headerKeyBytes.get(key);
    if (bytes == null) {
      bytes = key.getBytes(StandardCharsets.UTF_8);
      if (headerKeyBytes.size() < MAX_CACHED_HEADER_KEYS) {
        headerKeyBytes.put(key, bytes);
      }
    }
    return bytes;
  }

  private Placement keyPlacement(CompiledSchema decoded) {
    return column(Types.NestedField.optional(-1, TableColumns.DECODED_KEY, decoded.type()));
  }

  private Placement valuePlacement(CompiledSchema decoded) {
    if (!decoded.type().isStructType()) {
      return column(Types.NestedField.optional(-1, TableColumns.VALUE, decoded.type()));
    }
    List<Types.NestedField> fields = decoded.type().asStructType().fields();
    Placement[] columns = new Placement[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      columns[i] = column(fields.get(i));
    }
    return (row, value) -> {
      if (value == null) {
        return;
      }
      Record decodedRow = (Record) value;
      for (int i = 0; i < columns.length; i++) {
        columns[i].place(row, decodedRow.get(i));
      }
    };
  }

  /** Places values of the source field in the table column that takes them. */
  private Placement column(Types.NestedField source) {
    int position = ValueAdapter.positionOf(struct, source);
    ValueAdapter adapter =
        ValueAdapter.compile(source.type(), struct.fields().get(position).type());
    FieldVector vector = batch.column(position);
    ValueSetter setter = ValueSetter.compile(struct.fields().get(position).type(), vector);
    return (row, value) -> setter.set(row, value == null ? null : adapter.adapt(value));
  }

  @FunctionalInterface
  private interface Placement {
    void place(int row, Object value);
  }
}
