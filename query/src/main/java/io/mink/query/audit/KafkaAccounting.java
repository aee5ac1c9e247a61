package io.mink.query.audit;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.history.OffsetRanges.Range;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Asks Kafka about offsets of a partition that hold no row and no history accounts for: it reads each range with
 * read_committed, as a round does. An offset Kafka skips while the range is still above its log start is no record
 * (a transaction marker, an aborted record, a record compaction removed): accounted. A record Kafka returns is one the
 * lake should hold and does not; an offset below Kafka's log start is one nobody can tell of any more: both
 * unaccounted.
 */
final class KafkaAccounting {
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration STALL = Duration.ofSeconds(30);
  /**
   * Ranges at most this many offsets apart are read in one pass, the records between them skipped, rather than
   * sought one by one: a topic of small transactions has a marker every few records.
   */
  private static final long READ_THROUGH = 100_000;

  static final String BELOW_LOG_START = "no row, and Kafka deleted it (below its log start)";
  static final String IN_KAFKA = "a record Kafka holds that the lake has no row for";

  private final Consumer<byte[], byte[]> consumer;
  private final String topic;
  private final int keep;

  /**
   * @param consumer an assign-and-seek read_committed consumer without a group
   * @param keep how many unaccounted offsets to name exactly
   */
  KafkaAccounting(Consumer<byte[], byte[]> consumer, String topic, int keep) {
    this.consumer = consumer;
    this.topic = topic;
    this.keep = keep;
  }

  /**
   * What Kafka says of the ranges.
   *
   * @param notRecords offsets Kafka skipped: no record
   * @param belowLogStart offsets below Kafka's log start: deleted, unaccounted
   * @param inKafka records Kafka holds that the lake does not: unaccounted
   * @param first the first unaccounted offsets, at most as many as asked for, in order
   */
  record Checked(
      long notRecords,
      long belowLogStart,
      long inKafka,
      List<AuditReport.UnaccountedOffset> first) {
    Checked {
      first = List.copyOf(first);
    }

    long unaccounted() {
      return belowLogStart + inKafka;
    }
  }

  Checked check(int partition, List<Range> ranges, long logStart) {
    long below = 0;
    List<AuditReport.UnaccountedOffset> first = new ArrayList<>();
    List<Range> held = new ArrayList<>();
    for (Range range : ranges) {
      long from = range.from();
      if (from < logStart) {
        long end = Math.min(range.to(), logStart);
        below += end - from;
        for (long offset = from; offset < end && first.size() < keep; offset++) {
          first.add(new AuditReport.UnaccountedOffset(partition, offset, BELOW_LOG_START));
        }
        from = end;
      }
      if (from < range.to()) {
        held.add(new Range(from, range.to()));
      }
    }
    long notRecords = 0;
    long inKafka = 0;
    int i = 0;
    while (i < held.size()) {
      int j = i;
      while (j + 1 < held.size() && held.get(j + 1).from() - held.get(j).to() <= READ_THROUGH) {
        j++;
      }
      long records = readSpan(partition, held.subList(i, j + 1), first);
      long offsets = held.subList(i, j + 1).stream().mapToLong(Range::size).sum();
      inKafka += records;
      notRecords += offsets - records;
      i = j + 1;
    }
    return new Checked(notRecords, below, inKafka, first);
  }

  /**
   * Reads the span from its first range's start to its last range's end in one pass, and returns how many records
   * Kafka holds in its ranges; names the first of them in {@code first} while it has room.
   */
  private long readSpan(
      int partition, List<Range> span, List<AuditReport.UnaccountedOffset> first) {
    TopicPartition tp = new TopicPartition(topic, partition);
    long from = span.get(0).from();
    long to = span.get(span.size() - 1).to();
    consumer.assign(Set.of(tp));
    consumer.seek(tp, from);
    long records = 0;
    int r = 0;
    long position = from;
    long lastProgress = System.nanoTime();
    while (position < to) {
      ConsumerRecords<byte[], byte[]> polled = consumer.poll(POLL);
      for (ConsumerRecord<byte[], byte[]> record : polled.records(tp)) {
        long offset = record.offset();
        while (r < span.size() && span.get(r).to() <= offset) {
          r++;
        }
        if (r < span.size() && offset >= span.get(r).from()) {
          records++;
          if (first.size() < keep) {
            first.add(new AuditReport.UnaccountedOffset(partition, offset, IN_KAFKA));
          }
        }
      }
      long now = consumer.position(tp);
      if (now > position) {
        position = now;
        lastProgress = System.nanoTime();
      } else if (System.nanoTime() - lastProgress > STALL.toNanos()) {
        throw MinkException.external("Kafka did not get past offset " + position + " of " + tp
            + " for " + STALL.toSeconds() + " s while auditing offsets " + from + " to " + to
            + ": check the broker, then run the audit again");
      }
    }
    return records;
  }
}
