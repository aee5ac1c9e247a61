package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class CachingSchemaRegistryTest {
  private static final SchemaRef ID_1 = new SchemaRef.ConfluentId(1);
  private static final SchemaRef ID_2 = new SchemaRef.ConfluentId(2);
  private static final RegisteredSchema STRING = RegisteredSchema.of(SchemaType.AVRO, "\"string\"");

  private final AtomicLong now = new AtomicLong(1_000);
  private final AtomicInteger calls = new AtomicInteger();

  @Test
  void aFoundSchemaIsFetchedOnceAndKeptForever() throws Exception {
    CachingSchemaRegistry cache = new CachingSchemaRegistry(
        ref -> {
          calls.incrementAndGet();
          return STRING;
        },
        Duration.ofSeconds(60),
        now::get);

    cache.fetch(ID_1);
    now.addAndGet(Duration.ofDays(365).toNanos());
    RegisteredSchema again = cache.fetch(ID_1);

    assertThat(again).isSameAs(STRING);
    assertThat(calls).hasValue(1);
  }

  @Test
  void notFoundIsRememberedForItsTimeThenAskedAgain() throws Exception {
    CachingSchemaRegistry cache = new CachingSchemaRegistry(
        ref -> {
          calls.incrementAndGet();
          throw new SchemaNotFoundException("Schema " + ref + " is not there");
        },
        Duration.ofSeconds(60),
        now::get);

    for (int i = 0; i < 100; i++) {
      assertThatThrownBy(() -> cache.fetch(ID_1))
          .isInstanceOf(SchemaNotFoundException.class)
          .hasMessage("Schema id 1 is not there");
    }
    now.addAndGet(Duration.ofSeconds(59).toNanos());
    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(SchemaNotFoundException.class);
    assertThat(calls).hasValue(1);

    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(SchemaNotFoundException.class);
    assertThat(calls).hasValue(2);
  }

  @Test
  void aSchemaRegisteredAfterANotFoundIsFoundOnceTheMissExpires() throws Exception {
    List<Boolean> registered = new ArrayList<>(List.of(false));
    CachingSchemaRegistry cache = new CachingSchemaRegistry(
        ref -> {
          if (!registered.get(0)) {
            throw new SchemaNotFoundException("not yet");
          }
          return STRING;
        },
        Duration.ofSeconds(60),
        now::get);

    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(SchemaNotFoundException.class);
    registered.set(0, true);
    now.addAndGet(Duration.ofSeconds(61).toNanos());

    assertThat(cache.fetch(ID_1)).isSameAs(STRING);
  }

  @Test
  void unavailabilityIsNeverRemembered() throws Exception {
    CachingSchemaRegistry cache = new CachingSchemaRegistry(
        ref -> {
          if (calls.incrementAndGet() < 3) {
            throw new RegistryUnavailableException("down");
          }
          return STRING;
        },
        Duration.ofSeconds(60),
        now::get);

    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(RegistryUnavailableException.class);
    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(RegistryUnavailableException.class);
    assertThat(cache.fetch(ID_1)).isSameAs(STRING);
    assertThat(calls).hasValue(3);
  }

  @Test
  void refsAreCachedApart() throws Exception {
    CachingSchemaRegistry cache = new CachingSchemaRegistry(ref -> {
      calls.incrementAndGet();
      if (ref.equals(ID_2)) {
        throw new SchemaNotFoundException("no 2");
      }
      return STRING;
    });

    cache.fetch(ID_1);
    assertThatThrownBy(() -> cache.fetch(ID_2)).isInstanceOf(SchemaNotFoundException.class);
    cache.fetch(ID_1);
    assertThatThrownBy(() -> cache.fetch(ID_2)).isInstanceOf(SchemaNotFoundException.class);

    assertThat(calls).hasValue(2);
  }

  @Test
  void zeroNotFoundTimeRemembersNoMiss() {
    CachingSchemaRegistry cache = new CachingSchemaRegistry(
        ref -> {
          calls.incrementAndGet();
          throw new SchemaNotFoundException("no");
        },
        Duration.ZERO,
        now::get);

    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(SchemaNotFoundException.class);
    assertThatThrownBy(() -> cache.fetch(ID_1)).isInstanceOf(SchemaNotFoundException.class);

    assertThat(calls).hasValue(2);
  }

  @Test
  void concurrentFetchesOfOneRefAskTheRegistryOnce() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CachingSchemaRegistry cache = new CachingSchemaRegistry(ref -> {
      calls.incrementAndGet();
      await(release);
      return STRING;
    });
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<RegisteredSchema>> results = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        results.add(threads.submit(() -> cache.fetch(ID_1)));
      }
      Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(5))
          .until(() -> calls.get() == 1);
      Thread.sleep(50);
      release.countDown();

      for (Future<RegisteredSchema> result : results) {
        assertThat(result.get(5, TimeUnit.SECONDS)).isSameAs(STRING);
      }
      assertThat(calls).hasValue(1);
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void concurrentWaitersShareANotFound() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CachingSchemaRegistry cache = new CachingSchemaRegistry(ref -> {
      calls.incrementAndGet();
      await(release);
      throw new SchemaNotFoundException("Schema id 1 is not there");
    });
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<RegisteredSchema>> results = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        results.add(threads.submit(() -> cache.fetch(ID_1)));
      }
      Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(5))
          .until(() -> calls.get() == 1);
      Thread.sleep(50);
      release.countDown();

      for (Future<RegisteredSchema> result : results) {
        assertThatThrownBy(() -> result.get(5, TimeUnit.SECONDS))
            .hasCauseInstanceOf(SchemaNotFoundException.class)
            .cause()
            .hasMessage("Schema id 1 is not there");
      }
      assertThat(calls).hasValue(1);
    } finally {
      threads.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
