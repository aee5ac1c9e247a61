package io.mink.bench.registry;

import io.mink.testkit.orders.AvroOrders;
import io.mink.testkit.orders.Order;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Avro binary payloads as Confluent's serializer writes them after its prefix: one datum written by
 * Avro's {@link GenericDatumWriter}, the order's record ({@link AvroOrders}) or the key, the order id as
 * an Avro long. Not thread-safe: the encoder and buffer are reused.
 */
final class AvroOrderWriter implements PayloadWriter {
  /** The key schema: the order id as an Avro long. */
  static final String KEY_SCHEMA = "\"long\"";

  private final GenericDatumWriter<GenericRecord> writer =
      new GenericDatumWriter<>(AvroOrders.VALUE_SCHEMA);
  private final GenericDatumWriter<Object> keyWriter =
      new GenericDatumWriter<>(new Schema.Parser().parse(KEY_SCHEMA));
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(512);
  private BinaryEncoder encoder;

  @Override
  public byte[] write(Order order) {
    return encode(writer, AvroOrders.value(order));
  }

  /** The key: the order id as an Avro long. */
  byte[] writeKey(long id) {
    return encode(keyWriter, id);
  }

  private <T> byte[] encode(GenericDatumWriter<T> datumWriter, T datum) {
    buffer.reset();
    encoder = EncoderFactory.get().binaryEncoder(buffer, encoder);
    try {
      datumWriter.write(datum, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Avro cannot write a benchmark order: " + e.getMessage(), e);
    }
    return buffer.toByteArray();
  }
}
