package io.mink.indexer.decoding;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegisteredSchema;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A writer schema a table keeps, and from where on the table's rounds had it.
 *
 * @param schema the schema as the registry gave it
 * @param keptFrom per Kafka partition, the offset from which every record was decoded by a round that had the
 *     schema: the offsets the round that kept it started from (a partition it did not list, from its first
 *     record); empty when that round had been told by the registry that it had no such schema, and some of its
 *     records may have been left raw as unknown-schema
 */
public record KeptSchema(RegisteredSchema schema, Optional<SortedMap<Integer, Long>> keptFrom) {
  public KeptSchema {
    requireNonNull(schema, "schema is null");
    keptFrom = requireNonNull(keptFrom, "keptFrom is null")
        .map(offsets -> (SortedMap<Integer, Long>) new TreeMap<>(offsets));
  }

  /** A schema kept from the given offsets on. */
  public static KeptSchema from(RegisteredSchema schema, Map<Integer, Long> offsets) {
    return new KeptSchema(schema, Optional.of(new TreeMap<>(offsets)));
  }

  /**
   * Whether the record at the partition's offset was decoded by a round that had the schema, so that a part of it
   * naming the schema was not left raw as unknown-schema.
   */
  public boolean hadWhenWritten(int partition, long offset) {
    return keptFrom.isPresent() && offset >= keptFrom.get().getOrDefault(partition, 0L);
  }
}
