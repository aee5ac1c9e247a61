package io.mink.indexer.round;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.RegistryWait;
import io.mink.retry.Backoff;
import io.mink.retry.Retry;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.wire.SchemaIdDetector;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keys and values decoded through the schema registry into the table's types, an unavailable registry waited out
 * with backoff ({@link #REGISTRY_OUTAGE}) until it answers or the deadline would pass. An outage never makes a raw
 * part: past the deadline the record is left for the next round.
 */
public final class RegistryWaitingParts implements RecordParts {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryWaitingParts.class);
  /** From 1 s, doubling up to 30 s, for as long as the round's deadline allows. */
  static final Backoff REGISTRY_OUTAGE =
      new Backoff(Backoff.UNLIMITED, Duration.ofSeconds(1), Duration.ofSeconds(30));

  private final String table;
  private final PartDecoder decoder;
  private final MappingOptions options;
  private final LongSupplier nanoTime;
  private final long deadlineNanos;
  private final Consumer<RegistryWait> registryWaits;
  private Instant waitingSince;

  /**
   * @param nanoTime the clock, called before each record and while waiting; it may throw to stop the round
   * @param deadlineNanos when waiting for the registry must give up so the round can force-finish
   * @param registryWaits told when waiting begins, at each retry, and with null when the registry answers again
   */
  public RegistryWaitingParts(
      String table,
      PartDecoder decoder,
      MappingOptions options,
      LongSupplier nanoTime,
      long deadlineNanos,
      Consumer<RegistryWait> registryWaits) {
    this.table = requireNonNull(table, "table is null");
    this.decoder = requireNonNull(decoder, "decoder is null");
    this.options = requireNonNull(options, "options is null");
    this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
    this.deadlineNanos = deadlineNanos;
    this.registryWaits = requireNonNull(registryWaits, "registryWaits is null");
  }

  /**
   * The record's parts. A record whose schemas are cached, or fetched at the first try, costs one call; the
   * first unavailable answer starts the wait, whose first try comes at once. The clock is read before each
   * record, so that a poll of records whose schema ids are all new (a registry round trip each) keeps the
   * round's heartbeat going.
   */
  @Override
  public Optional<Parts> decode(ConsumerRecord<byte[], byte[]> record) throws InterruptedException {
    long unused = nanoTime.getAsLong();
    try {
      return Optional.of(answered(parts(record)));
    } catch (RegistryUnavailableException e) {
      return waitingOut(record);
    }
  }

  private Optional<Parts> waitingOut(ConsumerRecord<byte[], byte[]> record)
      throws InterruptedException {
    Retry.Outcome<Parts> outcome = Retry.with(REGISTRY_OUTAGE)
        .onEachFailure(e -> {
          if (waitingSince == null) {
            waitingSince = Instant.now();
          }
          registryWaits.accept(new RegistryWait(waitingSince, String.valueOf(e.getMessage())));
        })
        .waitingOnlyIf(wait -> nanoTime.getAsLong() + wait.toNanos() <= deadlineNanos)
        .beforeEachWait((e, wait) -> LOG.warn(
            "Waiting for the schema registry while indexing {} at partition {} offset {}; "
                + "no record is written raw for it, retrying in {} ms: {}",
            table,
            record.partition(),
            record.offset(),
            wait.toMillis(),
            e.getMessage()))
        .callRetrying(RegistryUnavailableException.class, () -> parts(record));
    if (!outcome.answered()) {
      LOG.warn(
          "Still waiting for the schema registry while indexing {} at partition {} offset {}: committing what"
              + " was read before it and retrying next round: {}",
          table,
          record.partition(),
          record.offset(),
          outcome.lastFailure().getMessage());
      return Optional.empty();
    }
    return Optional.of(answered(outcome.answer()));
  }

  private Parts answered(Parts parts) {
    if (waitingSince != null) {
      waitingSince = null;
      registryWaits.accept(null);
    }
    return parts;
  }

  private Parts parts(ConsumerRecord<byte[], byte[]> record) throws RegistryUnavailableException {
    return new Parts(
        decoder.decode(record.key(), header(record, SchemaIdDetector.KEY_HEADER), options),
        decoder.resolve(record.value(), header(record, SchemaIdDetector.VALUE_HEADER), options));
  }

  private static byte[] header(ConsumerRecord<byte[], byte[]> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : header.value();
  }
}
