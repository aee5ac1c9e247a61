package io.mink.indexer.schedule;

import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** When a table was last tiered, for scheduling a table this instance starts to own. */
final class LastTiered {
  private static final Logger LOG = LoggerFactory.getLogger(LastTiered.class);

  private LastTiered() {}

  /** When the table's newest Mink snapshot was committed; null when it has none or the catalog cannot say. */
  static Instant of(LakeTables lake, TableDescriptor descriptor) {
    try {
      return MinkSnapshot.newest(lake.load(TieringService.identifier(descriptor)))
          .map(snapshot -> Instant.ofEpochMilli(snapshot.timestampMillis()))
          .orElse(null);
    } catch (NoSuchTableException e) {
      return null;
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the last snapshot of {}: {}", descriptor.qualifiedName(), e.getMessage());
      return null;
    }
  }
}
