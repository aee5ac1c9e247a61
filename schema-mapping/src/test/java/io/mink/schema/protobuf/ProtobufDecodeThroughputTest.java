package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;
import io.mink.schema.decode.CompiledSchema;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.junit.jupiter.api.Test;

/** Prints how many 20-field records one core decodes per second; a figure to watch, not a gate. */
class ProtobufDecodeThroughputTest {
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

  @Test
  void decodesTwentyFieldRecordsAndPrintsTheRate() throws Exception {
    byte[] payload = ORDERS
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
