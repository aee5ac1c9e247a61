package io.mink.indexer.takeover;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.errors.MinkException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Snapshot;

/**
 * The Kafka Connect sink's newest commit to a table: the snapshot whose summary carries
 * {@code kafka.connect.offsets.<control topic>.<connect group>}, the control-topic positions its coordinator had
 * consumed when it committed ({partition: next offset}).
 *
 * @param snapshotId the snapshot
 * @param controlTopic the control topic named in the summary key
 * @param positions per control partition, the next offset the coordinator had not consumed
 */
public record SinkCommit(long snapshotId, String controlTopic, Map<Integer, Long> positions) {
  /** The summary key's prefix; the control topic and the Connect group follow, separated by a dot. */
  public static final String OFFSETS_PREFIX = "kafka.connect.offsets.";

  private static final ObjectMapper JSON = new ObjectMapper();

  public SinkCommit {
    requireNonNull(controlTopic, "controlTopic is null");
    positions = Map.copyOf(requireNonNull(positions, "positions is null"));
  }

  /**
   * The newest commit of {@code connectGroup} in {@code lineage}, the table's current snapshot and its ancestors,
   * newest first; empty when none carries the group's key.
   */
  public static Optional<SinkCommit> newest(
      Iterable<Snapshot> lineage, String table, String connectGroup) {
    String suffix = "." + connectGroup;
    for (Snapshot snapshot : lineage) {
      List<String> keys = new ArrayList<>();
      for (String key : snapshot.summary().keySet()) {
        if (key.startsWith(OFFSETS_PREFIX)
            && key.endsWith(suffix)
            && key.length() > OFFSETS_PREFIX.length() + suffix.length()) {
          keys.add(key);
        }
      }
      if (keys.size() > 1) {
        throw MinkException.user(
            "Snapshot " + snapshot.snapshotId() + " of " + table
                + " carries the offsets of several control topics for group " + connectGroup + " ("
                + keys
                + "): Mink cannot tell which sink wrote the table. Name the group exactly with --connect-group");
      }
      if (keys.size() == 1) {
        String key = keys.get(0);
        String controlTopic =
            key.substring(OFFSETS_PREFIX.length(), key.length() - suffix.length());
        return Optional.of(new SinkCommit(
            snapshot.snapshotId(),
            controlTopic,
            positions(snapshot.summary().get(key), table, snapshot.snapshotId())));
      }
    }
    return Optional.empty();
  }

  private static Map<Integer, Long> positions(String json, String table, long snapshotId) {
    try {
      Map<Integer, Long> positions =
          JSON.readValue(json, new TypeReference<Map<Integer, Long>>() {});
      return positions == null ? Map.of() : positions;
    } catch (JsonProcessingException e) {
      throw MinkException.conflict(
          "Snapshot " + snapshotId + " of " + table
              + " carries control-topic offsets Mink cannot read ("
              + json
              + "): it was not written by Iceberg's Kafka Connect sink as Mink knows it. Add the table"
              + " without --after-connect-sink",
          e);
    }
  }
}
