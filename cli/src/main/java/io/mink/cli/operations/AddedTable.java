package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.lake.attach.TableAttach;
import io.mink.tables.TableDescriptor;
import java.util.Map;
import java.util.Optional;

/**
 * A table {@code mink table add} recorded: created in the catalog, or attached to the one there.
 *
 * @param partitions how many partitions the topic has
 * @param attached where indexing starts in an attached table; empty for a table Mink created
 */
public record AddedTable(
    TableDescriptor descriptor, int partitions, Optional<AttachStart> attached) {
  public AddedTable {
    requireNonNull(descriptor, "descriptor is null");
    requireNonNull(attached, "attached is null");
  }

  /**
   * Where indexing of an attached table starts.
   *
   * @param baseline the offsets the table's rows reach, and where they were read from
   * @param logStarts each partition's log start offset in Kafka now
   */
  public record AttachStart(TableAttach.Baseline baseline, Map<Integer, Long> logStarts) {
    public AttachStart {
      requireNonNull(baseline, "baseline is null");
      logStarts = Map.copyOf(logStarts);
    }
  }
}
