package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The point in time a read saw: the lake snapshot it pinned (none when the table has no Mink snapshot or the read
 * took Kafka alone) and, per partition, the Kafka offsets it read. Reading at the same point again returns the same
 * rows, while the snapshot and those offsets still exist.
 *
 * <p>As a token, for {@code mink read --at}: {@code v1:s=SNAPSHOT:P=FROM-TO,...}, with {@code s=none} for no
 * snapshot, for example {@code v1:s=4981172026719463418:0=120-1500,1=0-1432}.
 */
public record ReadPoint(OptionalLong snapshotId, SortedMap<Integer, TailRange> tails) {
  private static final String VERSION = "v1";

  public ReadPoint {
    requireNonNull(snapshotId, "snapshotId is null");
    tails =
        Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(tails, "tails is null")));
    tails.forEach((partition, tail) -> {
      if (tail.partition() != partition) {
        throw new IllegalArgumentException("tail " + tail + " filed under partition " + partition);
      }
    });
  }

  public static ReadPoint of(OptionalLong snapshotId, List<TailRange> tails) {
    SortedMap<Integer, TailRange> byPartition = new TreeMap<>();
    tails.forEach(tail -> byPartition.put(tail.partition(), tail));
    return new ReadPoint(snapshotId, byPartition);
  }

  public String token() {
    StringJoiner ranges = new StringJoiner(",");
    tails.values().forEach(tail -> ranges.add(tail.toString()));
    String snapshot = snapshotId.isPresent() ? Long.toString(snapshotId.getAsLong()) : "none";
    return VERSION + ":s=" + snapshot + ":" + ranges;
  }

  /**
   * The point a token names.
   *
   * @throws IllegalArgumentException with what is wrong with the token
   */
  public static ReadPoint parse(String token) {
    String[] parts = requireNonNull(token, "token is null").trim().split(":", -1);
    if (parts.length != 3 || !parts[0].equals(VERSION) || !parts[1].startsWith("s=")) {
      throw invalid(token, "it is not of the form v1:s=SNAPSHOT:P=FROM-TO,P=FROM-TO");
    }
    String snapshot = parts[1].substring(2);
    OptionalLong snapshotId =
        snapshot.equals("none") ? OptionalLong.empty() : OptionalLong.of(number(token, snapshot));
    List<TailRange> tails = new ArrayList<>();
    for (String range : parts[2].isEmpty() ? new String[0] : parts[2].split(",")) {
      tails.add(range(token, range));
    }
    return of(snapshotId, tails);
  }

  private static TailRange range(String token, String range) {
    int equals = range.indexOf('=');
    int dash = range.indexOf('-', equals + 1);
    if (equals < 1 || dash < 0) {
      throw invalid(token, "\"" + range + "\" is not PARTITION=FROM-TO");
    }
    long partition = number(token, range.substring(0, equals));
    long from = number(token, range.substring(equals + 1, dash));
    long to = number(token, range.substring(dash + 1));
    try {
      return new TailRange(Math.toIntExact(partition), from, to);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw invalid(token, e.getMessage());
    }
  }

  private static long number(String token, String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw invalid(token, "\"" + text + "\" is not a number");
    }
  }

  private static IllegalArgumentException invalid(String token, String reason) {
    return new IllegalArgumentException("Invalid read point \"" + token + "\": " + reason
        + ". Give the token a read printed on stderr after \"Read point:\"");
  }
}
