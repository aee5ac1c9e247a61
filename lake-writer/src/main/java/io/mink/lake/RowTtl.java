package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * How long a row stays in the lake after its {@code _kafka_timestamp} (docs/operations.md, "Row TTL"): the table
 * option {@link MinkTableLayout#ROW_TTL_OPTION}, such as {@code 30d}. A row whose timestamp is older than {@code now -
 * ttl} leaves the lake and is no longer returned by a union read.
 */
public record RowTtl(Duration ttl) {
  public RowTtl {
    requireNonNull(ttl, "ttl is null");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("Row TTL must be positive, not " + ttl);
    }
  }

  /** The TTL recorded in a table's options (an entry's options or its Iceberg properties' mink.*); empty: none. */
  public static Optional<RowTtl> fromOptions(Map<String, String> tableOptions) {
    String recorded = tableOptions.get(MinkTableLayout.ROW_TTL_OPTION);
    if (recorded == null) {
      recorded = tableOptions.get(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.ROW_TTL_OPTION);
    }
    return recorded == null ? Optional.empty() : Optional.of(parse(recorded));
  }

  /** A TTL as given: a number and a unit (ms, s, m, h, d), such as 30d, or an ISO-8601 duration (PT12H). */
  public static RowTtl parse(String text) {
    Duration ttl = SnapshotRetention.parseOrNull(text.strip());
    if (ttl == null || ttl.isZero()) {
      throw new IllegalArgumentException(
          "Invalid " + MinkTableLayout.OPTION_PREFIX
              + MinkTableLayout.ROW_TTL_OPTION + " '" + text
              + "': use a positive duration, a number and a unit (ms, s, m, h or d), such as 30d or 12h");
    }
    return new RowTtl(ttl);
  }

  /** The oldest _kafka_timestamp, in epoch milliseconds, that a row may have at {@code now} and stay. */
  public long oldestKeptMillis(Instant now) {
    return now.toEpochMilli() - ttl.toMillis();
  }

  /** Whether a row with this _kafka_timestamp has expired at {@code now}. */
  public boolean expired(long kafkaTimestampMillis, Instant now) {
    return kafkaTimestampMillis < oldestKeptMillis(now);
  }
}
