package io.mink.cli;

import io.mink.cli.operations.LakeReader;
import io.mink.cli.operations.TableStoreSession;
import io.mink.indexer.stats.LagProbe;
import io.mink.indexer.stats.PartitionMeasure;
import io.mink.lake.AcceptedStart;
import io.mink.lake.EngineReadability;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.TableDescriptor;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.TableMetadata;

/** Reads an added table's entry, Iceberg table and partitions into a {@link TableView}. */
final class TableInspector {
  private final TableStoreSession session;
  private final LakeReader lake;
  private final LagProbe probe;

  TableInspector(TableStoreSession session, LakeReader lake, LagProbe probe) {
    this.session = session;
    this.lake = lake;
    this.probe = probe;
  }

  /** The table's entry as recorded now; empty once it is not added any more. */
  Optional<TableDescriptor> entry(String qualifiedName) {
    return session.find(qualifiedName);
  }

  /**
   * The view of the table as of now.
   *
   * @param timeLags whether to read the first record not in the lake of each partition for its time lag
   */
  TableView inspect(TableDescriptor descriptor, boolean timeLags) {
    TableView.Lake lakeView = lake.find(descriptor)
        .map(table -> {
          TableMetadata metadata = LakeReader.metadata(table);
          return new TableView.Lake(
              table.location(),
              metadata.formatVersion(),
              MinkSnapshot.newest(metadata).orElse(null),
              EngineReadability.warning(metadata.schema()).stream().toList());
        })
        .orElse(null);
    LakeOffsets offsets = AcceptedStart.fromOptions(descriptor.options())
        .nextOffsets(
            lakeView == null || lakeView.newest() == null
                ? LakeOffsets.NONE
                : lakeView.newest().offsets());
    if (!TableView.measured(descriptor.state())) {
      return new TableView(descriptor, lakeView, null);
    }
    Optional<List<PartitionMeasure>> partitions = session.call(() -> timeLags
        ? probe.measure(descriptor.topic(), offsets)
        : probe.measureOffsets(descriptor.topic(), offsets));
    return new TableView(descriptor, lakeView, partitions.orElse(null));
  }
}
