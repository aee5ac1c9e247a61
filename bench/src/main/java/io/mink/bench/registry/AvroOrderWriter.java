package io.mink.bench.registry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;

/**
 * Avro binary payloads as Confluent's serializer writes them after its prefix: one datum written by
 * Avro's {@link GenericDatumWriter}. Not thread-safe: the encoder and buffer are reused.
 */
final class AvroOrderWriter implements PayloadWriter {
  private final Schema schema = new Schema.Parser().parse(OrderSchemas.AVRO);
  private final Schema addressSchema = schema.getField("address").schema();
  private final GenericDatumWriter<GenericRecord> writer = new GenericDatumWriter<>(schema);
  private final GenericDatumWriter<Object> keyWriter =
      new GenericDatumWriter<>(new Schema.Parser().parse(OrderSchemas.AVRO_KEY));
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(512);
  private BinaryEncoder encoder;

  @Override
  public byte[] write(Order order) {
    GenericData.Record record = new GenericData.Record(schema);
    record.put("id", order.id());
    record.put("account_id", order.accountId());
    record.put("sequence", order.sequence());
    record.put("amount_cents", order.amountCents());
    record.put("quantity", order.quantity());
    record.put("status_code", order.statusCode());
    record.put("region_id", order.regionId());
    record.put("price", order.price());
    record.put("discount", order.discount());
    record.put("weight", order.weight());
    record.put("customer", new Utf8(order.customer()));
    record.put("product", new Utf8(order.product()));
    record.put("currency", new Utf8(order.currency()));
    record.put("channel", new Utf8(order.channel()));
    record.put("description", new Utf8(order.description()));
    record.put("active", order.active());
    record.put("event_time", order.eventTimeMicros());
    record.put("note", order.note() == null ? null : new Utf8(order.note()));
    GenericData.Record address = new GenericData.Record(addressSchema);
    address.put("street", new Utf8(order.address().street()));
    address.put("city", new Utf8(order.address().city()));
    address.put("zip", order.address().zip());
    record.put("address", address);
    record.put("tags", order.tags().stream().map(Utf8::new).toList());
    return encode(writer, record);
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
