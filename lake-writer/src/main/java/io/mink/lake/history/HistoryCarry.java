package io.mink.lake.history;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.UpdateProperties;

/**
 * Carries a table's {@link TableHistory} into its table properties, so that it outlives the snapshots that recorded
 * it: maintenance runs it right before it expires snapshots, and expires none when it fails. Each property holds the
 * whole history so far, merged, so it stays as small as the history's ranges.
 */
public final class HistoryCarry {
  private HistoryCarry() {}

  /** Sets the properties that changed, in one commit; returns how many. */
  public static int carry(Table table) {
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    Map<String, String> wanted = properties(TableHistory.of(metadata));
    Map<String, String> changed = new LinkedHashMap<>();
    wanted.forEach((key, value) -> {
      if (!value.equals(metadata.properties().get(key))) {
        changed.put(key, value);
      }
    });
    if (changed.isEmpty()) {
      return 0;
    }
    UpdateProperties update = table.updateProperties();
    changed.forEach(update::set);
    update.commit();
    return changed.size();
  }

  /** The properties that hold the history; those of an empty part are left out. */
  static Map<String, String> properties(TableHistory history) {
    Map<String, String> properties = new LinkedHashMap<>();
    if (!history.acceptedGaps().isEmpty()) {
      properties.put(TableHistory.ACCEPTED_GAPS_PROPERTY, history.acceptedGaps().encode());
    }
    if (!history.expired().isEmpty()) {
      properties.put(TableHistory.EXPIRED_PROPERTY, history.expired().encode());
    }
    history
        .attachBaseline()
        .ifPresent(
            baseline -> properties.put(TableHistory.ATTACH_OFFSETS_PROPERTY, baseline.encode()));
    if (!history.firstOffsets().nextOffsets().isEmpty()) {
      properties.put(TableHistory.FIRST_OFFSETS_PROPERTY, history.firstOffsets().encode());
    }
    if (history.throughSequence() >= 0) {
      properties.put(
          TableHistory.RAW_COUNTS_PROPERTY,
          new TableHistory.RawCarry(history.throughSequence(), history.rawCounts()).encode());
    }
    return properties;
  }
}
