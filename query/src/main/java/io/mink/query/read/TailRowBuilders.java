package io.mink.query.read;

import io.mink.indexer.round.ChangeEventParts;
import io.mink.indexer.round.RecordParts;
import io.mink.indexer.round.RegistryWaitingParts;
import io.mink.indexer.round.RowBuilder;
import io.mink.lake.MinkTableLayout;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.time.Duration;

/**
 * Builds the rows of a table's tail as a round builds them: decoded through the registry (an outage waited out for
 * the read's registry wait, {@link UnionRead#REGISTRY_WAIT} by default), change events unwrapped, in the table's mapping options.
 */
final class TailRowBuilders {
  private TailRowBuilders() {}

  /** @param decoder the registry's decoder; null when none is configured, and every part keeps its raw bytes */
  static RowBuilder of(
      TableDescriptor descriptor, PartDecoder decoder, TableSchema start, Duration registryWait) {
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    RecordParts registryParts = decoder == null
        ? null
        : new RegistryWaitingParts(
            descriptor.qualifiedName(),
            decoder,
            options,
            System::nanoTime,
            System.nanoTime() + registryWait.toNanos(),
            wait -> {});
    RecordParts parts = ChangeEventParts.of(descriptor.options(), registryParts);
    return new RowBuilder(descriptor.qualifiedName(), start, parts, options);
  }
}
