package io.mink.indexer.takeover;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.mink.indexer.errors.MinkException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.avro.AvroEncoderUtil;
import org.apache.iceberg.connect.events.DataComplete;
import org.apache.iceberg.connect.events.DataWritten;
import org.apache.iceberg.connect.events.Event;
import org.apache.iceberg.connect.events.TopicPartitionOffset;
import org.apache.iceberg.data.avro.DecoderResolver;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads the Kafka Connect sink's control topic from its log start to its end, read_committed, and decodes each event
 * with the sink's own event classes (iceberg-kafka-connect-events) into a {@link ControlEvent}.
 */
final class ControlTopicReader {
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration READ_TIMEOUT = Duration.ofMinutes(2);

  private ControlTopicReader() {}

  /**
   * Every committed event of {@code controlTopic} up to {@code ends}; {@code consumer} must read committed.
   *
   * @param sourceTopic the topic whose source offsets DataComplete events are kept for
   */
  static List<ControlEvent> read(
      Consumer<byte[], byte[]> consumer,
      String controlTopic,
      Map<Integer, Long> starts,
      Map<Integer, Long> ends,
      String sourceTopic) {
    List<TopicPartition> partitions = new ArrayList<>();
    ends.keySet().forEach(partition -> partitions.add(new TopicPartition(controlTopic, partition)));
    consumer.assign(partitions);
    for (TopicPartition partition : partitions) {
      consumer.seek(partition, starts.getOrDefault(partition.partition(), 0L));
    }
    List<ControlEvent> events = new ArrayList<>();
    long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
    while (!readToEnd(consumer, partitions, ends)) {
      if (System.nanoTime() > deadline) {
        throw MinkException.external(
            "Cannot read the control topic " + controlTopic + " to its end offsets " + ends
                + " within " + READ_TIMEOUT.toMinutes() + " minutes: check that Kafka is up");
      }
      for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
        if (record.offset() < ends.get(record.partition())) {
          events.add(decode(record, sourceTopic));
        }
      }
    }
    return events;
  }

  private static boolean readToEnd(
      Consumer<byte[], byte[]> consumer, List<TopicPartition> partitions, Map<Integer, Long> ends) {
    for (TopicPartition partition : partitions) {
      if (consumer.position(partition) < ends.get(partition.partition())) {
        return false;
      }
    }
    return true;
  }

  /** One control record as the takeover sees it. */
  static ControlEvent decode(ConsumerRecord<byte[], byte[]> record, String sourceTopic) {
    String key = record.key() == null ? "" : new String(record.key(), UTF_8);
    Event event;
    try {
      event = AvroEncoderUtil.decode(record.value());
      DecoderResolver.clearCache();
    } catch (java.io.IOException | RuntimeException e) {
      throw MinkException.conflict(
          "Cannot read the event at offset " + record.offset() + " of partition "
              + record.partition()
              + " of the control topic " + record.topic()
              + " as an event of Iceberg's Kafka Connect sink ("
              + e.getMessage() + "): check that the sink writes it, and that its version is 1.x",
          e);
    }
    return switch (event.type()) {
      case DATA_WRITTEN -> {
        DataWritten written = (DataWritten) event.payload();
        yield ControlEvent.dataWritten(
            record.partition(),
            record.offset(),
            key,
            event.groupId(),
            written.commitId(),
            written.tableReference().identifier().toString(),
            rows(written.dataFiles()) + rows(written.deleteFiles()),
            locations(written.dataFiles(), written.deleteFiles()));
      }
      case DATA_COMPLETE -> {
        DataComplete complete = (DataComplete) event.payload();
        Map<Integer, Long> offsets = new HashMap<>();
        for (TopicPartitionOffset assignment : complete.assignments()) {
          if (assignment.topic().equals(sourceTopic) && assignment.offset() != null) {
            offsets.put(assignment.partition(), assignment.offset());
          }
        }
        UUID commitId = complete.commitId();
        yield ControlEvent.dataComplete(
            record.partition(), record.offset(), key, event.groupId(), commitId, offsets);
      }
      default -> ControlEvent.other(record.partition(), record.offset(), key, event.groupId());
    };
  }

  /** The locations of the files that hold rows: the coordinator commits only those. */
  private static List<String> locations(
      List<? extends ContentFile<?>> dataFiles, List<? extends ContentFile<?>> deleteFiles) {
    List<String> locations = new ArrayList<>();
    for (List<? extends ContentFile<?>> files : List.of(nonNull(dataFiles), nonNull(deleteFiles))) {
      for (ContentFile<?> file : files) {
        if (file.recordCount() > 0) {
          locations.add(file.location());
        }
      }
    }
    return locations;
  }

  private static List<? extends ContentFile<?>> nonNull(List<? extends ContentFile<?>> files) {
    return files == null ? List.of() : files;
  }

  private static long rows(List<? extends ContentFile<?>> files) {
    long rows = 0;
    if (files != null) {
      for (ContentFile<?> file : files) {
        rows += file.recordCount();
      }
    }
    return rows;
  }
}
