package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * A table's status as its owner published it to the status topic.
 *
 * @param publishedAt when the owner published it; owners publish every {@link StatusPublisher#INTERVAL}, so an old
 *     one means a silent owner
 */
public record PublishedStatus(TableStatus status, Instant publishedAt) {
  /** A status not published again for this long comes from an owner that is down, stuck or cut off from Kafka. */
  public static final Duration SILENT_AFTER = StatusPublisher.INTERVAL.multipliedBy(3);

  public PublishedStatus {
    requireNonNull(status, "status is null");
    requireNonNull(publishedAt, "publishedAt is null");
  }

  public boolean silentAt(Instant now) {
    return Duration.between(publishedAt, now).compareTo(SILENT_AFTER) > 0;
  }

  /**
   * Which of two statuses of one table to show, such as after the table moved to another instance: the higher
   * epoch wins, as a new owner's epochs count up from its ownership generation, which is higher than the old
   * owner's; at the same epoch, the later published.
   */
  public static PublishedStatus newer(PublishedStatus a, PublishedStatus b) {
    if (a.status.epoch() != b.status.epoch()) {
      return a.status.epoch() > b.status.epoch() ? a : b;
    }
    return b.publishedAt.isBefore(a.publishedAt) ? a : b;
  }
}
