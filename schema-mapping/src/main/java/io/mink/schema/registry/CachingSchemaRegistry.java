package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.LongSupplier;

/**
 * Remembers what a registry answered. A schema found is kept forever: ids, GUIDs and Glue version
 * UUIDs each name one immutable schema. "Not found" is kept for a short while, so a stream of
 * records with a bad id asks the registry once per while, not once per record. An unavailable
 * registry is never remembered: the next fetch asks again. Concurrent fetches of one ref ask the
 * registry once and share its answer. Closing it closes the registry it wraps, if that holds resources.
 */
public final class CachingSchemaRegistry implements SchemaRegistry, AutoCloseable {
  public static final Duration DEFAULT_NOT_FOUND_TTL = Duration.ofSeconds(60);
  /** Beyond this many remembered misses, expired ones are dropped; if none are, all are. */
  static final int MAX_NOT_FOUND = 10_000;

  private final SchemaRegistry registry;
  private final long notFoundTtlNanos;
  private final LongSupplier nanoTime;
  private final Map<SchemaRef, RegisteredSchema> found = new ConcurrentHashMap<>();
  private final Map<SchemaRef, Miss> notFound = new ConcurrentHashMap<>();
  private final Map<SchemaRef, CompletableFuture<RegisteredSchema>> inFlight =
      new ConcurrentHashMap<>();

  private record Miss(SchemaNotFoundException answer, long expiresAtNanos) {}

  public CachingSchemaRegistry(SchemaRegistry registry) {
    this(registry, DEFAULT_NOT_FOUND_TTL, System::nanoTime);
  }

  public CachingSchemaRegistry(SchemaRegistry registry, Duration notFoundTtl) {
    this(registry, notFoundTtl, System::nanoTime);
  }

  /** With a clock of the caller's, in nanoseconds, for tests. */
  public CachingSchemaRegistry(
      SchemaRegistry registry, Duration notFoundTtl, LongSupplier nanoTime) {
    this.registry = requireNonNull(registry, "registry is null");
    requireNonNull(notFoundTtl, "notFoundTtl is null");
    if (notFoundTtl.isNegative()) {
      throw new IllegalArgumentException(
          "Schema registry not-found cache time must not be negative, got " + notFoundTtl);
    }
    this.notFoundTtlNanos = notFoundTtl.toNanos();
    this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
  }

  @Override
  public RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException {
    requireNonNull(ref, "ref is null");
    RegisteredSchema known = remembered(ref);
    if (known != null) {
      return known;
    }
    CompletableFuture<RegisteredSchema> mine = new CompletableFuture<>();
    CompletableFuture<RegisteredSchema> theirs = inFlight.putIfAbsent(ref, mine);
    if (theirs != null) {
      return await(ref, theirs);
    }
    try {
      known = remembered(ref);
      if (known == null) {
        known = registry.fetch(ref);
        found.put(ref, known);
        notFound.remove(ref);
      }
      mine.complete(known);
      return known;
    } catch (SchemaNotFoundException e) {
      remember(ref, e);
      mine.completeExceptionally(e);
      throw e;
    } catch (RegistryUnavailableException | RuntimeException | Error e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      inFlight.remove(ref, mine);
    }
  }

  private RegisteredSchema remembered(SchemaRef ref) throws SchemaNotFoundException {
    RegisteredSchema known = found.get(ref);
    if (known != null) {
      return known;
    }
    Miss miss = notFound.get(ref);
    if (miss != null) {
      if (nanoTime.getAsLong() - miss.expiresAtNanos() < 0) {
        throw new SchemaNotFoundException(miss.answer().getMessage(), miss.answer());
      }
      notFound.remove(ref, miss);
    }
    return null;
  }

  private void remember(SchemaRef ref, SchemaNotFoundException answer) {
    if (notFoundTtlNanos == 0) {
      return;
    }
    long now = nanoTime.getAsLong();
    if (notFound.size() >= MAX_NOT_FOUND) {
      notFound.values().removeIf(miss -> now - miss.expiresAtNanos() >= 0);
      if (notFound.size() >= MAX_NOT_FOUND) {
        notFound.clear();
      }
    }
    notFound.put(ref, new Miss(answer, now + notFoundTtlNanos));
  }

  private static RegisteredSchema await(SchemaRef ref, CompletableFuture<RegisteredSchema> theirs)
      throws SchemaNotFoundException, RegistryUnavailableException {
    try {
      return theirs.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryUnavailableException(
          "Interrupted while waiting for the schema registry's answer for schema " + ref, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SchemaNotFoundException notFound) {
        throw new SchemaNotFoundException(notFound.getMessage(), notFound);
      }
      if (cause instanceof RegistryUnavailableException unavailable) {
        throw new RegistryUnavailableException(
            unavailable.fault(), unavailable.getMessage(), unavailable);
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("Fetching schema " + ref + " failed", cause);
    }
  }

  @Override
  public void close() {
    RoutingSchemaRegistry.closeQuietly(registry);
  }
}
