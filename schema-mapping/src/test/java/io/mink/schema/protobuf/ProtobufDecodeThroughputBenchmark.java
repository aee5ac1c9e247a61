package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Prints how many 20-field records one core decodes per second, and appends to a batch straight into its columns
 * and through objects; figures to watch, not gates. Run by {@code bench/decode-throughput}, not by
 * {@code mvn verify}.
 */
class ProtobufDecodeThroughputBenchmark {
  private static final int BATCH = 1_000;
  private static final SchemaRef REF = new SchemaRef.ConfluentId(1);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final ProtoFixture ORDERS = ProtoFixture.of("""
      syntax = "proto3";
      package bench;
      import "google/protobuf/timestamp.proto";
      message Order {
        int64 id = 1;
        string customer_name = 2;
        double price = 3;
        int32 quantity = 4;
        bool paid = 5;
        google.protobuf.Timestamp created_at = 6;
        string currency = 7;
        Status status = 8;
        repeated string tags = 9;
        Address address = 10;
        int64 user_id = 11;
        float score = 12;
        bytes checksum = 13;
        uint32 version = 14;
        sint64 balance_delta = 15;
        string email = 16;
        string country = 17;
        optional string note = 18;
        map<string, string> attributes = 19;
        fixed64 trace_id = 20;
      }
      message Address {
        string street = 1;
        string city = 2;
        string zip = 3;
      }
      enum Status {
        STATUS_UNSPECIFIED = 0;
        PLACED = 1;
        SHIPPED = 2;
      }
      """);

  /** The Order's scalar and enum fields, numbered as in the Order. */
  private static final ProtoFixture FLAT = ProtoFixture.of("""
      syntax = "proto3";
      package bench;
      message FlatOrder {
        int64 id = 1;
        string customer_name = 2;
        double price = 3;
        int32 quantity = 4;
        bool paid = 5;
        string currency = 7;
        Status status = 8;
        int64 user_id = 11;
        float score = 12;
        uint32 version = 14;
        sint64 balance_delta = 15;
        string email = 16;
        string country = 17;
        optional string note = 18;
      }
      enum Status {
        STATUS_UNSPECIFIED = 0;
        PLACED = 1;
        SHIPPED = 2;
      }
      """);

  @Test
  void decodesTwentyFieldRecordsAndPrintsTheRate() throws Exception {
    byte[] payload = payload();
    CompiledSchema compiled = ORDERS.compiled();
    assertThat(((GenericRecord) compiled.decode(payload, 0, payload.length))
            .struct()
            .fields())
        .hasSize(20);

    double mink = recordsPerSecond(() -> compiled.decode(payload, 0, payload.length));
    Descriptors.Descriptor order = ORDERS.descriptor("Order");
    double dynamicMessage = recordsPerSecond(() -> DynamicMessage.parseFrom(order, payload));

    System.out.printf(
        "Protobuf decode, 20 fields, %d-byte payload: %,.0f records/s on one thread"
            + " (protobuf-java DynamicMessage.parseFrom, no conversion: %,.0f records/s)%n",
        payload.length, mink, dynamicMessage);
  }

  /**
   * The same payloads appended to batches of {@value #BATCH} rows two ways: decoded into an object and placed, as
   * {@link PartResult.Decoded}, and straight into the columns, as {@link PartResult.Encoded}. Runs of the two
   * alternate; each figure is the best run's records per second of the thread's CPU time, which other processes
   * on the machine barely move.
   */
  @Test
  void appendsToABatchStraightIntoColumnsAndThroughObjectsAndPrintsBothRates() throws Exception {
    printBatchRates(
        "20 fields, 6 of them messages, lists, maps, bytes or uint64", ORDERS, payload());
    printBatchRates("the 14 scalar and enum fields alone", FLAT, flatPayload());
  }

  private static void printBatchRates(String fields, ProtoFixture fixture, byte[] payload)
      throws Exception {
    CompiledSchema compiled = fixture.compiled();
    MergeResult merged =
        SchemaMerge.mergeValue(TableSchema.initial(KafkaColumns.SCHEMA), compiled.type());
    Schema table = ((MergeResult.Merged) merged).schema();
    ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("orders", 0, 0L, null, payload);
    PartResult encoded = new PartResult.Encoded(REF, compiled, payload, 0, payload.length);
    Decode throughObjects =
        () -> new PartResult.Decoded(REF, compiled, compiled.decode(payload, 0, payload.length));
    Decode straight = () -> encoded;
    BatchAssembler check = new BatchAssembler(table, 1);
    assertThat(check.append(record, PartResult.ABSENT, encoded)).isSameAs(encoded);
    check.discard();

    double[] objects = new double[5];
    double[] columns = new double[5];
    recordsPerCpuSecond(table, record, throughObjects, 2);
    recordsPerCpuSecond(table, record, straight, 2);
    for (int run = 0; run < objects.length; run++) {
      objects[run] = recordsPerCpuSecond(table, record, throughObjects, 1);
      columns[run] = recordsPerCpuSecond(table, record, straight, 1);
    }
    Arrays.sort(objects);
    Arrays.sort(columns);
    System.out.printf(
        "Protobuf into a batch, %s, %d-byte payload, records per CPU-second of one thread (best of %d runs,"
            + " median in brackets): straight into columns %,.0f (%,.0f); decoded into objects and placed,"
            + " the baseline, %,.0f (%,.0f); %.2fx%n",
        fields,
        payload.length,
        objects.length,
        columns[columns.length - 1],
        columns[columns.length / 2],
        objects[objects.length - 1],
        objects[objects.length / 2],
        columns[columns.length - 1] / objects[objects.length - 1]);
  }

  /** Appends parts to batches for about {@code seconds} of CPU time; records per CPU-second. */
  private static double recordsPerCpuSecond(
      Schema table, ConsumerRecord<byte[], byte[]> record, Decode part, int seconds)
      throws Exception {
    long started = THREADS.getCurrentThreadCpuTime();
    long records = 0;
    long elapsed;
    do {
      BatchAssembler batch = new BatchAssembler(table, BATCH);
      for (int i = 0; i < BATCH; i++) {
        batch.append(record, PartResult.ABSENT, (PartResult) part.run());
      }
      batch.discard();
      records += BATCH;
      elapsed = THREADS.getCurrentThreadCpuTime() - started;
    } while (elapsed < seconds * 1_000_000_000L);
    return records * 1e9 / elapsed;
  }

  private static byte[] flatPayload() {
    return FLAT.message("FlatOrder")
        .set("id", 9_876_543_210L)
        .set("customer_name", "Ada Lovelace")
        .set("price", 1234.56)
        .set("quantity", 3)
        .set("paid", true)
        .set("currency", "EUR")
        .set("status", "SHIPPED")
        .set("user_id", 42_424_242L)
        .set("score", 0.87f)
        .set("version", 7)
        .set("balance_delta", -1500L)
        .set("email", "ada@example.org")
        .set("country", "GB")
        .set("note", "leave at the door")
        .bytes();
  }

  private static byte[] payload() {
    return ORDERS
        .message("Order")
        .set("id", 9_876_543_210L)
        .set("customer_name", "Ada Lovelace")
        .set("price", 1234.56)
        .set("quantity", 3)
        .set("paid", true)
        .set(
            "created_at",
            Timestamp.newBuilder()
                .setSeconds(1_700_000_000L)
                .setNanos(123_000_000)
                .build())
        .set("currency", "EUR")
        .set("status", "SHIPPED")
        .set("tags", List.of("priority", "gift", "eu"))
        .set(
            "address",
            ORDERS
                .message("Address")
                .set("street", "12 Analytical Engine Road")
                .set("city", "London")
                .set("zip", "NW1 2DB"))
        .set("user_id", 42_424_242L)
        .set("score", 0.87f)
        .set("checksum", new byte[16])
        .set("version", 7)
        .set("balance_delta", -1500L)
        .set("email", "ada@example.org")
        .set("country", "GB")
        .set("note", "leave at the door")
        .set("attributes", Map.of("channel", "web", "campaign", "spring-sale"))
        .set("trace_id", 0x1234_5678_9ABC_DEF0L)
        .bytes();
  }

  private interface Decode {
    Object run() throws Exception;
  }

  private static double recordsPerSecond(Decode decode) throws Exception {
    Object sink = null;
    for (int i = 0; i < 300_000; i++) {
      sink = decode.run();
    }
    int records = 0;
    long start = System.nanoTime();
    long elapsed;
    do {
      for (int i = 0; i < 10_000; i++) {
        sink = decode.run();
      }
      records += 10_000;
      elapsed = System.nanoTime() - start;
    } while (elapsed < 2_000_000_000L);
    assertThat(sink).isNotNull();
    return records * 1e9 / elapsed;
  }
}
