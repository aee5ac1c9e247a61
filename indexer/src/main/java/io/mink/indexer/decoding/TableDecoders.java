package io.mink.indexer.decoding;

import io.mink.lake.MinkSnapshot;
import io.mink.schema.decode.PartDecoder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;

/**
 * The rounds' decoder of each table: the service's decoder over the table's {@link TableWriterSchemas#keeping}
 * view, so that each writer schema a table's rounds fetch is kept with the table. One per table for the life of the
 * service, so that a table's files are looked for once per schema; the schemas compiled for one table are compiled
 * again for another. Thread-safe.
 */
public final class TableDecoders {
  private final PartDecoder decoder;
  private final Map<String, TableDecoder> byTable = new ConcurrentHashMap<>();

  private record TableDecoder(TableWriterSchemas schemas, PartDecoder decoder) {}

  /** @param decoder the service's decoder; null when no schema registry is configured */
  public TableDecoders(PartDecoder decoder) {
    this.decoder = decoder;
  }

  /**
   * The decoder of the table's next round, which starts from the offsets of the table as loaded; null when no schema
   * registry is configured. One round of a table at a time.
   */
  public PartDecoder of(Table table) {
    if (decoder == null) {
      return null;
    }
    TableDecoder kept = byTable.computeIfAbsent(table.uuid() + " " + table.location(), key -> {
      TableWriterSchemas schemas =
          TableWriterSchemas.keeping(decoder.registry(), table.io(), table.location());
      return new TableDecoder(schemas, decoder.over(schemas));
    });
    kept.schemas().use(table.io());
    kept.schemas()
        .roundStarting(
            MinkSnapshot.newest(((HasTableOperations) table).operations().current())
                .map(snapshot -> (Map<Integer, Long>) snapshot.offsets().nextOffsets())
                .orElse(Map.of()));
    return kept.decoder();
  }

  /** A reader's decoder of the table: its kept writer schemas first, then the registry; writes nothing. */
  public static Reading reading(PartDecoder decoder, Table table) {
    TableWriterSchemas schemas =
        TableWriterSchemas.reading(decoder.registry(), table.io(), table.location());
    return new Reading(schemas, decoder.over(schemas));
  }

  /** A reader's decoder and the kept schemas it reads first. */
  public record Reading(TableWriterSchemas schemas, PartDecoder decoder) {}
}
