package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.compile;
import static io.mink.schema.json.JsonSchemaTesting.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.BatchAssembler;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Prints the decode throughput of a 20-property object on one thread, into objects and into a batch's columns
 * both ways (the object path's records placed in the columns, and payloads decoded straight into them), measured
 * in turns in the same run, per second of the thread's CPU time so that other load on the machine counts less;
 * asserts nothing about time. Run by {@code bench/decode-throughput}, not by {@code mvn verify}.
 */
class JsonSchemaThroughputBenchmark {
  private static final String ORDER_SCHEMA = """
      {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
       "properties": {
         "orderId": {"type": "string", "format": "uuid"},
         "customerId": {"type": "integer"},
         "customerName": {"type": "string"},
         "email": {"type": "string", "format": "email"},
         "createdAt": {"type": "string", "format": "date-time"},
         "updatedAt": {"type": ["string", "null"], "format": "date-time"},
         "deliveryDate": {"type": "string", "format": "date"},
         "status": {"enum": ["NEW", "PAID", "SHIPPED"]},
         "quantity": {"type": "integer"},
         "unitPrice": {"type": "number"},
         "discount": {"type": "number"},
         "total": {"type": "number"},
         "currency": {"type": "string"},
         "paid": {"type": "boolean"},
         "gift": {"type": "boolean"},
         "street": {"type": "string"},
         "city": {"type": "string"},
         "postalCode": {"type": "string"},
         "warehouse": {"type": "integer"},
         "tags": {"type": "array", "items": {"type": "string"}}
       },
       "required": ["orderId", "customerId", "createdAt", "quantity", "total"]}\
      """;

  @Test
  void decodesTwentyPropertyObjectsWrittenInSchemaOrder() throws Exception {
    measure("in schema order", order());
  }

  @Test
  void decodesTwentyPropertyObjectsWrittenInReverseOrder() throws Exception {
    List<Map.Entry<String, Object>> entries = new ArrayList<>(order().entrySet());
    Collections.reverse(entries);
    Map<String, Object> reversed = new LinkedHashMap<>();
    entries.forEach(entry -> reversed.put(entry.getKey(), entry.getValue()));
    measure("in reverse order", reversed);
  }

  @Test
  void decodesTwentyPropertyObjectsIntoColumnsBothWays() throws Exception {
    CompiledSchema compiled = compile(ORDER_SCHEMA);
    Schema columns = ((MergeResult.Merged)
            SchemaMerge.mergeValue(TableSchema.initial(KafkaColumns.SCHEMA), compiled.type()))
        .table()
        .schema();
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    Random random = new Random(20);
    for (int i = 0; i < 1024; i++) {
      Map<String, Object> value = order();
      value.put("customerId", random.nextLong() >>> 20);
      value.put("customerName", "Customer " + random.nextInt(100_000));
      value.put("quantity", random.nextInt(20));
      value.put("total", random.nextDouble() * 1000);
      value.put("paid", random.nextBoolean());
      records.add(new ConsumerRecord<>("orders", 0, i, null, written(value)));
    }
    long bytes = records.stream().mapToLong(record -> record.value().length).sum();

    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] best = new double[2];
    for (int turn = 0; turn < 12; turn++) {
      for (int way = 0; way < 2; way++) {
        long started = threads.getCurrentThreadCpuTime();
        int batches = 0;
        do {
          assertThat(assemble(compiled, columns, records, way == 1)).isEqualTo(records.size());
          batches++;
        } while (threads.getCurrentThreadCpuTime() - started < 500_000_000L);
        double rate = batches
            * (double) records.size()
            / ((threads.getCurrentThreadCpuTime() - started) / 1e9);
        if (turn >= 2) {
          best[way] = Math.max(best[way], rate);
        }
      }
    }
    System.out.printf(
        "JSON Schema into columns, 20 properties, %d-byte payloads, best of 10 turns, per second"
            + " of this thread's CPU time: through objects %,.0f records/s (the baseline),"
            + " straight into columns %,.0f records/s (%.2fx)%n",
        bytes / records.size(), best[0], best[1], best[1] / best[0]);
  }

  /**
   * Appends every record's value to a new batch, decoded straight into its columns or through objects; the number
   * of values decoded.
   */
  private static int assemble(
      CompiledSchema compiled,
      Schema columns,
      List<ConsumerRecord<byte[], byte[]>> records,
      boolean straight)
      throws UndecodableException {
    BatchAssembler batch = new BatchAssembler(columns, records.size());
    SchemaRef ref = new SchemaRef.ConfluentId(1);
    int decoded = 0;
    for (ConsumerRecord<byte[], byte[]> record : records) {
      byte[] payload = record.value();
      PartResult value = straight
          ? new PartResult.Encoded(ref, compiled, payload, 0, payload.length)
          : new PartResult.Decoded(ref, compiled, compiled.decode(payload, 0, payload.length));
      if (!(batch.append(record, PartResult.ABSENT, value) instanceof PartResult.Raw)) {
        decoded++;
      }
    }
    batch.finish().close();
    return decoded;
  }

  private static void measure(String order, Map<String, Object> value) throws Exception {
    CompiledSchema compiled = compile(ORDER_SCHEMA);
    byte[] payload = written(value);
    assertThat(((GenericRecord) compiled.decode(payload, 0, payload.length)).size())
        .isEqualTo(20);

    run(compiled, payload, 200_000);
    int records = 500_000;
    long started = System.nanoTime();
    long checksum = run(compiled, payload, records);
    double seconds = (System.nanoTime() - started) / 1e9;

    System.out.printf(
        "JSON Schema decode, 20 properties %s, %d-byte payload: %,.0f records/s, %.0f MB/s%n",
        order,
        payload.length,
        records / seconds,
        records * (double) payload.length / seconds / 1e6);
    assertThat(checksum).isEqualTo(records * 3L);
  }

  private static long run(CompiledSchema compiled, byte[] payload, int records)
      throws UndecodableException {
    long checksum = 0;
    for (int i = 0; i < records; i++) {
      GenericRecord record = (GenericRecord) compiled.decode(payload, 0, payload.length);
      checksum += (Long) record.get(8);
    }
    return checksum;
  }

  private static Map<String, Object> order() {
    Map<String, Object> order = new LinkedHashMap<>();
    order.put("orderId", "0f8fad5b-d9cb-469f-a165-70867728950e");
    order.put("customerId", 4_815_162_342L);
    order.put("customerName", "Ada Lovelace");
    order.put("email", "ada@example.com");
    order.put("createdAt", "2024-05-01T12:30:00.123Z");
    order.put("updatedAt", "2024-05-02T08:00:00+02:00");
    order.put("deliveryDate", "2024-05-07");
    order.put("status", "PAID");
    order.put("quantity", 3);
    order.put("unitPrice", 19.99);
    order.put("discount", 0.1);
    order.put("total", 53.97);
    order.put("currency", "EUR");
    order.put("paid", true);
    order.put("gift", false);
    order.put("street", "12 Analytical Engine Road");
    order.put("city", "London");
    order.put("postalCode", "NW1 2DB");
    order.put("warehouse", 17);
    order.put("tags", List.of("priority", "fragile"));
    return order;
  }
}
