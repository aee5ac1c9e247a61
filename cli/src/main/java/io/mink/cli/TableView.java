package io.mink.cli;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.PartitionMeasure;
import io.mink.indexer.stats.RegistryWait;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.util.List;

/**
 * An added table as {@code mink table show} prints it.
 *
 * @param lake its Iceberg table; null when the catalog has none of that name
 * @param partitions its topic's partitions measured now against the lake; null when Kafka has no such topic, or the
 *     table's state is one whose partitions are not measured
 * @param registryWait the schema registry its owner's round waits for, from the status topic; null when it waits
 *     for none
 */
record TableView(
    TableDescriptor descriptor,
    Lake lake,
    List<PartitionMeasure> partitions,
    RegistryWait registryWait) {
  TableView {
    requireNonNull(descriptor, "descriptor is null");
    partitions = partitions == null ? null : List.copyOf(partitions);
  }

  TableView(TableDescriptor descriptor, Lake lake, List<PartitionMeasure> partitions) {
    this(descriptor, lake, partitions, null);
  }

  TableView withRegistryWait(RegistryWait wait) {
    return new TableView(descriptor, lake, partitions, wait);
  }

  /**
   * Whether a table in the state has its partitions measured: not a replaced one, whose topic is another than the one
   * it indexed, nor a removing one.
   */
  static boolean measured(LifecycleState state) {
    return state == LifecycleState.INDEXING || state == LifecycleState.MISSING;
  }

  /**
   * The Iceberg table of an added table.
   *
   * @param newest the newest Mink snapshot; null before the first round
   * @param warnings what keeps engines from reading the table, from its schema (docs/querying.md)
   */
  record Lake(String location, int formatVersion, MinkSnapshot newest, List<String> warnings) {
    Lake {
      requireNonNull(location, "location is null");
      warnings = List.copyOf(warnings);
    }
  }
}
