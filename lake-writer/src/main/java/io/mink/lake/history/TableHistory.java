package io.mink.lake.history;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * What a table's history says of its offsets besides its rows (docs/operations.md, "Auditing a table"): the gaps an
 * operator accepted, the offsets whose rows the row TTL removed, the baseline of an attached table, and the parts
 * rounds left raw by reason. Each is recorded in the snapshot that made it; as snapshots expire, maintenance carries
 * them into table properties first ({@link HistoryCarry}), so the history is the properties plus the Mink snapshots
 * of the current lineage (and the tagged last round) the metadata still has.
 *
 * @param lakeOffsets the newest Mink snapshot's offsets: where the lake ends
 * @param acceptedGaps offsets Kafka deleted before they were indexed, accepted as lost (mink-gaps)
 * @param expired offsets whose rows the row TTL removed (mink-expired)
 * @param attachBaseline an attached table's baseline: rows below it came from another writer
 * @param firstOffsets where the rounds started each partition they indexed first (mink-started)
 * @param rawCounts parts left raw by part and reason, such as value.undecodable-bytes, over every round recorded
 * @param throughSequence the newest sequence number of a Mink snapshot the raw counts include
 */
public record TableHistory(
    LakeOffsets lakeOffsets,
    OffsetRanges acceptedGaps,
    OffsetRanges expired,
    Optional<LakeOffsets> attachBaseline,
    LakeOffsets firstOffsets,
    SortedMap<String, Long> rawCounts,
    long throughSequence) {
  /** The table property maintenance carries accepted gaps into. */
  public static final String ACCEPTED_GAPS_PROPERTY =
      MinkTableLayout.OPTION_PREFIX + "accepted-gaps";
  /** The table property maintenance carries the row TTL's removed offsets into. */
  public static final String EXPIRED_PROPERTY = MinkTableLayout.OPTION_PREFIX + "expired-offsets";
  /** The table property maintenance carries an attached table's baseline into. */
  public static final String ATTACH_OFFSETS_PROPERTY =
      MinkTableLayout.OPTION_PREFIX + "attach-offsets";
  /** The table property maintenance carries the rounds' first offsets into. */
  public static final String FIRST_OFFSETS_PROPERTY =
      MinkTableLayout.OPTION_PREFIX + "first-offsets";
  /** The table property maintenance carries raw counts into: {"through":SEQ,"counts":{...}}. */
  public static final String RAW_COUNTS_PROPERTY = MinkTableLayout.OPTION_PREFIX + "raw-counts";

  private static final ObjectMapper JSON = new ObjectMapper();

  public TableHistory {
    requireNonNull(lakeOffsets, "lakeOffsets is null");
    requireNonNull(acceptedGaps, "acceptedGaps is null");
    requireNonNull(expired, "expired is null");
    requireNonNull(attachBaseline, "attachBaseline is null");
    requireNonNull(firstOffsets, "firstOffsets is null");
    rawCounts = Collections.unmodifiableSortedMap(new TreeMap<>(rawCounts));
  }

  /** The history of the table's current snapshot as {@code metadata} holds it. */
  public static TableHistory of(TableMetadata metadata) {
    Map<String, String> properties = metadata.properties();
    OffsetRanges gaps =
        OffsetRanges.decode(properties.get(ACCEPTED_GAPS_PROPERTY), ACCEPTED_GAPS_PROPERTY);
    OffsetRanges expired = OffsetRanges.decode(properties.get(EXPIRED_PROPERTY), EXPIRED_PROPERTY);
    Optional<LakeOffsets> baseline =
        Optional.ofNullable(properties.get(ATTACH_OFFSETS_PROPERTY)).map(LakeOffsets::decode);
    TreeMap<Integer, Long> first =
        new TreeMap<>(Optional.ofNullable(properties.get(FIRST_OFFSETS_PROPERTY))
            .map(LakeOffsets::decode)
            .orElse(LakeOffsets.NONE)
            .nextOffsets());
    RawCarry carried = RawCarry.decode(properties.get(RAW_COUNTS_PROPERTY));
    TreeMap<String, Long> raw = new TreeMap<>(carried.counts());
    long through = carried.through();
    boolean expiredSeen = false;
    for (Snapshot snapshot : minkLineage(metadata)) {
      Map<String, String> summary = snapshot.summary();
      String gapText = summary.get(MinkSnapshot.GAPS_PROPERTY);
      if (gapText != null) {
        gaps = gaps.union(decodeGaps(gapText));
      }
      String expiredText = summary.get(MinkSnapshot.EXPIRED_PROPERTY);
      if (expiredText != null && !expiredSeen) {
        expired = expired.union(OffsetRanges.decode(expiredText, MinkSnapshot.EXPIRED_PROPERTY));
        expiredSeen = true;
      }
      String startedText = summary.get(MinkSnapshot.STARTED_PROPERTY);
      if (startedText != null) {
        LakeOffsets.decode(startedText)
            .nextOffsets()
            .forEach((partition, offset) -> first.merge(partition, offset, Math::min));
      }
      if ("true".equals(summary.get(MinkSnapshot.ATTACH_PROPERTY)) && baseline.isEmpty()) {
        baseline = Optional.of(MinkSnapshot.of(snapshot).offsets());
      }
      if (snapshot.sequenceNumber() > carried.through()) {
        summary.forEach((key, value) -> {
          if (key.startsWith(MinkSnapshot.RAW_PROPERTY_PREFIX)) {
            raw.merge(
                key.substring(MinkSnapshot.RAW_PROPERTY_PREFIX.length()), parse(value), Long::sum);
          }
        });
        through = Math.max(through, snapshot.sequenceNumber());
      }
    }
    LakeOffsets offsets =
        MinkSnapshot.newest(metadata).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    return new TableHistory(offsets, gaps, expired, baseline, LakeOffsets.of(first), raw, through);
  }

  /**
   * The Mink snapshots of the current lineage, newest first, and, when the lineage is cut short (another engine
   * expired its older snapshots), those of the tagged last round's lineage below it.
   */
  static List<Snapshot> minkLineage(TableMetadata metadata) {
    List<Snapshot> mink = new ArrayList<>();
    if (metadata.currentSnapshot() == null) {
      return mink;
    }
    Snapshot oldest = null;
    for (Snapshot snapshot :
        SnapshotUtil.ancestorsOf(metadata.currentSnapshot().snapshotId(), metadata::snapshot)) {
      if (MinkSnapshot.isMink(snapshot)) {
        mink.add(snapshot);
      }
      oldest = snapshot;
    }
    SnapshotRef tag = metadata.ref(MinkSnapshot.LAST_ROUND_TAG);
    if (oldest != null && oldest.parentId() != null && tag != null) {
      Snapshot tagged = metadata.snapshot(tag.snapshotId());
      if (tagged != null && tagged.sequenceNumber() < oldest.sequenceNumber()) {
        for (Snapshot snapshot :
            SnapshotUtil.ancestorsOf(tagged.snapshotId(), metadata::snapshot)) {
          if (MinkSnapshot.isMink(snapshot)) {
            mink.add(snapshot);
          }
        }
      }
    }
    return mink;
  }

  /** The mink-gaps JSON, such as [{"partition":0,"from":120,"to":4000}], as ranges. */
  static OffsetRanges decodeGaps(String text) {
    try {
      OffsetRanges gaps = OffsetRanges.NONE;
      for (JsonNode gap : JSON.readTree(text)) {
        gaps = gaps.with(
            gap.get("partition").asInt(),
            gap.get("from").asLong(),
            gap.get("to").asLong());
      }
      return gaps;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "Unreadable " + MinkSnapshot.GAPS_PROPERTY + " '" + text + "': " + e.getMessage(), e);
    }
  }

  private static long parse(String count) {
    try {
      return Long.parseLong(count);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Raw counts carried into the table property: the counts of every Mink snapshot through a sequence number. */
  record RawCarry(long through, SortedMap<String, Long> counts) {
    static final RawCarry NONE = new RawCarry(-1, new TreeMap<>());

    static RawCarry decode(String text) {
      if (text == null) {
        return NONE;
      }
      try {
        JsonNode node = JSON.readTree(text);
        TreeMap<String, Long> counts = new TreeMap<>();
        node.get("counts")
            .properties()
            .forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
        return new RawCarry(node.get("through").asLong(), counts);
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException(
            "Unreadable " + RAW_COUNTS_PROPERTY + " '" + text + "': " + e.getMessage(), e);
      }
    }

    String encode() {
      var node = JSON.createObjectNode().put("through", through);
      var countsNode = node.putObject("counts");
      counts.forEach(countsNode::put);
      return node.toString();
    }
  }
}
