package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.registry.SchemaNotFoundException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class RegistryWaitingPartsTest {
  @Test
  void everyRecordReadsTheClockSoALongPollOfNewSchemaIdsKeepsTheHeartbeatGoing() throws Exception {
    AtomicInteger lookups = new AtomicInteger();
    AtomicInteger clockReads = new AtomicInteger();
    RegistryWaitingParts parts = new RegistryWaitingParts(
        "kafka.orders",
        RegistryDecoders.forRegistry(ref -> {
          lookups.incrementAndGet();
          throw new SchemaNotFoundException("no schema " + ref);
        }),
        MappingOptions.DEFAULT,
        () -> {
          clockReads.incrementAndGet();
          return System.nanoTime();
        },
        Long.MAX_VALUE,
        wait -> {});

    for (int id = 1; id <= 5; id++) {
      parts.decode(new ConsumerRecord<>("orders", 0, id, null, confluent(id)));
    }

    assertThat(lookups).hasValue(5);
    assertThat(clockReads).hasValue(5);
  }

  @Test
  void aLostLeaseStopsTheRoundAtTheNextRecord() {
    RegistryWaitingParts parts = new RegistryWaitingParts(
        "kafka.orders",
        RegistryDecoders.forRegistry(ref -> {
          throw new SchemaNotFoundException("no schema " + ref);
        }),
        MappingOptions.DEFAULT,
        () -> {
          throw new IllegalStateException("lease lost");
        },
        Long.MAX_VALUE,
        wait -> {});

    assertThatThrownBy(() -> parts.decode(new ConsumerRecord<>("orders", 0, 0, null, confluent(1))))
        .hasMessage("lease lost");
  }

  private static byte[] confluent(int id) {
    return ByteBuffer.allocate(6).put((byte) 0).putInt(id).put((byte) 2).array();
  }
}
