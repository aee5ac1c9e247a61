package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.table.TableSchema;
import io.mink.tables.KafkaClientFactory;
import io.mink.testkit.KafkaBroker;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The round's fetch path hands the row builder slices of Kafka's fetch buffer: rows built from them hold every
 * key, value and header byte for byte, from uncompressed batches and from batches the consumer decompresses,
 * and equal the rows built from the byte-array records a plain consumer reads.
 */
class SliceFetchIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @ParameterizedTest
  @ValueSource(strings = {"none", "zstd", "lz4", "gzip"})
  void rowsFromSlicesKeepEveryByteOfEveryRecord(String compression) throws Exception {
    String topic = InProcessSidecar.uniqueTopic("slices-" + compression);
    KAFKA.createTopic(topic, 1);
    List<ProducerRecord<byte[], byte[]>> sent = records(topic, 20261207L, 3_000);
    List<RecordMetadata> acked = produce(sent, compression);

    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "slices");
    List<Record> fromSlices;
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = TieringService.newConsumer(clients)) {
      fromSlices = rowsOfSlices(consumer, topic, sent.size());
    }
    List<Record> fromArrays;
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      fromArrays = rowsOfArrays(consumer, topic, sent.size());
    }

    assertThat(fromSlices).hasSize(sent.size());
    for (int i = 0; i < sent.size(); i++) {
      ProducerRecord<byte[], byte[]> record = sent.get(i);
      Record row = fromSlices.get(i);
      assertThat(row.getField(KafkaColumns.OFFSET)).isEqualTo(acked.get(i).offset());
      assertThat(row.getField(KafkaColumns.PARTITION)).isEqualTo(0);
      assertThat(row.getField(KafkaColumns.TIMESTAMP))
          .isEqualTo(OffsetDateTime.ofInstant(
              Instant.ofEpochMilli(acked.get(i).timestamp()), ZoneOffset.UTC));
      assertThat(bytes(row.getField(KafkaColumns.KEY))).as("key %d", i).isEqualTo(record.key());
      assertThat(bytes(row.getField(KafkaColumns.VALUE)))
          .as("value %d", i)
          .isEqualTo(record.value());
      List<?> headers = (List<?>) row.getField(KafkaColumns.HEADERS);
      org.apache.kafka.common.header.Header[] expected = record.headers().toArray();
      assertThat(headers).as("headers %d", i).hasSize(expected.length);
      for (int h = 0; h < expected.length; h++) {
        Record header = (Record) headers.get(h);
        assertThat(header.getField(KafkaColumns.HEADER_KEY)).isEqualTo(expected[h].key());
        assertThat(bytes(header.getField(KafkaColumns.HEADER_VALUE)))
            .isEqualTo(expected[h].value());
      }
    }
    assertThat(fromSlices).isEqualTo(fromArrays);
  }

  /**
   * Reads the topic with the round's consumer and builds each poll's records into rows before the next poll,
   * as a round does: a slice is valid only until then.
   */
  private static List<Record> rowsOfSlices(
      Consumer<ByteBuffer, ByteBuffer> consumer, String topic, int count)
      throws InterruptedException {
    RowBuilder builder = rawBuilder();
    TopicPartition partition = new TopicPartition(topic, 0);
    consumer.assign(List.of(partition));
    consumer.seek(partition, 0);
    List<Record> rows = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (rows.size() < count && System.nanoTime() < deadline) {
      ConsumerRecords<ByteBuffer, ByteBuffer> polled = consumer.poll(Duration.ofMillis(200));
      List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch = polled.records(partition);
      if (!batch.isEmpty()) {
        rows.addAll(rowsOf(builder.buildSlices(batch)));
      }
    }
    return rows;
  }

  private static List<Record> rowsOfArrays(
      Consumer<byte[], byte[]> consumer, String topic, int count) throws InterruptedException {
    RowBuilder builder = rawBuilder();
    TopicPartition partition = new TopicPartition(topic, 0);
    consumer.assign(List.of(partition));
    consumer.seek(partition, 0);
    List<Record> rows = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (rows.size() < count && System.nanoTime() < deadline) {
      List<ConsumerRecord<byte[], byte[]>> batch =
          consumer.poll(Duration.ofMillis(200)).records(partition);
      if (!batch.isEmpty()) {
        rows.addAll(rowsOf(builder.build(batch)));
      }
    }
    return rows;
  }

  private static RowBuilder rawBuilder() {
    return new RowBuilder(
        "kafka.slices", TableSchema.initial(KafkaColumns.SCHEMA), null, MappingOptions.DEFAULT);
  }

  private static List<Record> rowsOf(RowBuilder.Built built) {
    List<Record> rows = new ArrayList<>();
    for (RowSegment segment : built.segments()) {
      try (segment) {
        rows.addAll(segment.batch().toRecords());
      }
    }
    return rows;
  }

  /**
   * Records of every shape a part can have: null and empty keys and values, sizes from one byte to 300 KB,
   * repetitive and random bytes, no headers, headers with null and empty values and a repeated key.
   */
  private static List<ProducerRecord<byte[], byte[]>> records(String topic, long seed, int count) {
    Random random = new Random(seed);
    List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      byte[] key = switch (i % 5) {
        case 0 -> null;
        case 1 -> new byte[0];
        default -> randomBytes(random, 1 + random.nextInt(40));
      };
      byte[] value = switch (i % 7) {
        case 0 -> null;
        case 1 -> new byte[0];
        case 2 ->
          ("order-" + i + "-").repeat(1 + random.nextInt(50)).getBytes(StandardCharsets.UTF_8);
        case 3 -> i % 500 == 3 ? randomBytes(random, 300_000) : randomBytes(random, 2_000);
        default -> randomBytes(random, 1 + random.nextInt(600));
      };
      RecordHeaders headers = new RecordHeaders();
      if (i % 3 == 1) {
        headers.add(new RecordHeader("trace", randomBytes(random, 16)));
        headers.add(new RecordHeader("nothing", (byte[]) null));
        headers.add(new RecordHeader("empty", new byte[0]));
        headers.add(new RecordHeader("trace", "second".getBytes(StandardCharsets.UTF_8)));
      } else if (i % 3 == 2) {
        headers.add(new RecordHeader("ünïcode-key", (byte[]) null));
      }
      records.add(new ProducerRecord<>(topic, 0, null, key, value, headers));
    }
    return records;
  }

  private static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** Sends in order with one producer that compresses every batch with {@code compression}. */
  private static List<RecordMetadata> produce(
      List<ProducerRecord<byte[], byte[]>> records, String compression)
      throws InterruptedException, ExecutionException {
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer(Map.of(
        ProducerConfig.COMPRESSION_TYPE_CONFIG,
        compression,
        ProducerConfig.LINGER_MS_CONFIG,
        20,
        ProducerConfig.BATCH_SIZE_CONFIG,
        64 * 1024))) {
      List<java.util.concurrent.Future<RecordMetadata>> futures = new ArrayList<>();
      for (ProducerRecord<byte[], byte[]> record : records) {
        futures.add(producer.send(record));
      }
      producer.flush();
      List<RecordMetadata> acked = new ArrayList<>();
      for (java.util.concurrent.Future<RecordMetadata> future : futures) {
        acked.add(future.get());
      }
      return acked;
    }
  }

  private static byte[] bytes(Object field) {
    if (field == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) field).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
