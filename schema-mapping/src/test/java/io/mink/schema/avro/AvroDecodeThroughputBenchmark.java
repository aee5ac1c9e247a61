package io.mink.schema.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.UndecodableException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * Prints how many 20-field records one thread decodes per second; asserts nothing about time. Run by
 * {@code bench/decode-throughput}, not by {@code mvn verify}.
 */
class AvroDecodeThroughputBenchmark {
  private static final String TWENTY_FIELDS = """
      {"type": "record", "name": "Click", "namespace": "bench", "fields": [
        {"name": "event_id", "type": "long"},
        {"name": "user_id", "type": "long"},
        {"name": "session_id", "type": "string"},
        {"name": "page", "type": "string"},
        {"name": "referrer", "type": ["null", "string"]},
        {"name": "country", "type": "string"},
        {"name": "device", "type": {"type": "enum", "name": "Device", "symbols": ["DESKTOP", "MOBILE", "TABLET"]}},
        {"name": "at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "day", "type": {"type": "int", "logicalType": "date"}},
        {"name": "duration_ms", "type": "int"},
        {"name": "scroll_depth", "type": "float"},
        {"name": "price", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}},
        {"name": "revenue", "type": "double"},
        {"name": "items", "type": "int"},
        {"name": "logged_in", "type": "boolean"},
        {"name": "campaign", "type": ["null", "string"]},
        {"name": "experiment", "type": ["null", "int"]},
        {"name": "latency_us", "type": "long"},
        {"name": "retries", "type": "int"},
        {"name": "user_agent", "type": "string"}
      ]}""";

  @Test
  void decodesTwentyFieldRecordsAndPrintsTheRate() throws UndecodableException {
    CompiledAvroSchema compiled = AvroPayloads.compile(TWENTY_FIELDS);
    List<byte[]> payloads = payloads(compiled.avroSchema(), 1024);
    long bytes = payloads.stream().mapToLong(payload -> payload.length).sum();

    long fields = 0;
    for (int round = 0; round < 300; round++) {
      fields += decodeAll(compiled, payloads);
    }
    int rounds = 0;
    long started = System.nanoTime();
    long elapsed;
    do {
      fields += decodeAll(compiled, payloads);
      rounds++;
      elapsed = System.nanoTime() - started;
    } while (elapsed < 2_000_000_000L);

    double recordsPerSecond = rounds * (double) payloads.size() / (elapsed / 1e9);
    System.out.printf(
        "Avro decode, 20-field record of %d bytes on average: %,.0f records/s, %.0f MB/s on one thread%n",
        bytes / payloads.size(),
        recordsPerSecond,
        recordsPerSecond * bytes / payloads.size() / 1e6);
    assertThat(fields).isEqualTo(20L * payloads.size() * (300 + rounds));
  }

  private static long decodeAll(CompiledAvroSchema compiled, List<byte[]> payloads)
      throws UndecodableException {
    long fields = 0;
    for (byte[] payload : payloads) {
      fields += ((GenericRecord) compiled.decode(payload, 0, payload.length)).size();
    }
    return fields;
  }

  private static List<byte[]> payloads(Schema schema, int count) {
    Random random = new Random(20);
    Schema device = schema.getField("device").schema();
    List<byte[]> payloads = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      GenericData.Record click = new GenericData.Record(schema);
      click.put("event_id", 1_000_000_000L + i);
      click.put("user_id", (long) random.nextInt(5_000_000));
      click.put("session_id", "s-" + Long.toHexString(random.nextLong()));
      click.put("page", "/products/" + random.nextInt(10_000) + "/details");
      click.put(
          "referrer",
          random.nextBoolean() ? null : "https://search.example.com/?q=" + random.nextInt(1000));
      click.put("country", random.nextBoolean() ? "NL" : "US");
      click.put(
          "device",
          new GenericData.EnumSymbol(device, device.getEnumSymbols().get(random.nextInt(3))));
      click.put("at", Instant.ofEpochMilli(1_714_000_000_000L + random.nextInt(86_400_000)));
      click.put("day", LocalDate.of(2024, 5, 1 + random.nextInt(28)));
      click.put("duration_ms", random.nextInt(600_000));
      click.put("scroll_depth", random.nextFloat());
      click.put("price", BigDecimal.valueOf(random.nextInt(1_000_000), 2));
      click.put("revenue", random.nextDouble() * 100);
      click.put("items", random.nextInt(20));
      click.put("logged_in", random.nextBoolean());
      click.put("campaign", random.nextInt(4) == 0 ? "spring-sale" : null);
      click.put("experiment", random.nextBoolean() ? random.nextInt(50) : null);
      click.put("latency_us", (long) random.nextInt(2_000_000));
      click.put("retries", random.nextInt(3));
      click.put(
          "user_agent",
          "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/" + (100 + random.nextInt(30)));
      payloads.add(AvroPayloads.write(schema, click));
    }
    return payloads;
  }
}
