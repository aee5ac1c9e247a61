package io.mink.indexer.testing;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Orders written in the Confluent wire format (0x00, the schema id, Avro binary) with a plain-text key, and plain-text
 * records without a schema id, into chosen partitions.
 */
public final class FramedOrders {
  public static final Schema ORDER = new Schema.Parser().parse("""
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "amount", "type": "double"}]}
      """);

  private FramedOrders() {}

  /** Orders {@code from} to {@code to} (exclusive), keyed "order-<id>", each into partition id % partitions. */
  public static void produceOrders(
      KafkaBroker kafka, String topic, int schemaId, int from, int to, int partitions) {
    List<TestRecord> records = new ArrayList<>();
    for (int id = from; id < to; id++) {
      records.add(new TestRecord(
          id % partitions,
          ("order-" + id).getBytes(StandardCharsets.UTF_8),
          framed(schemaId, order(id)),
          List.of(),
          1_700_000_000_000L + id));
    }
    kafka.produce(topic, records);
  }

  /** Orders keyed "order-<key>" with ids from {@code from}, each updating the key id % keys, in partition 0. */
  public static void produceUpdates(
      KafkaBroker kafka, String topic, int schemaId, int from, int to, int keys) {
    List<TestRecord> records = new ArrayList<>();
    for (int id = from; id < to; id++) {
      records.add(new TestRecord(
          0,
          ("order-" + (id % keys)).getBytes(StandardCharsets.UTF_8),
          framed(schemaId, order(id)),
          List.of(),
          1_700_000_000_000L + id));
    }
    kafka.produce(topic, records);
  }

  /** {@code count} records without a schema id into the partition. */
  public static void producePlain(KafkaBroker kafka, String topic, int partition, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          partition, null, ("plain " + i).getBytes(StandardCharsets.UTF_8), List.of(), null));
    }
    kafka.produce(topic, records);
  }

  private static GenericData.Record order(long id) {
    GenericData.Record order = new GenericData.Record(ORDER);
    order.put("id", id);
    order.put("customer", "customer " + (id % 17));
    order.put("amount", id * 1.25);
    return order;
  }

  private static byte[] framed(int schemaId, GenericData.Record value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.writeBytes(ByteBuffer.allocate(4).putInt(schemaId).array());
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      new GenericDatumWriter<GenericData.Record>(ORDER).write(value, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
