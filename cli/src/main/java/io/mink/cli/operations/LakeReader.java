package io.mink.cli.operations;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.stats.ClusterStats;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.TableDescriptor;
import java.util.Optional;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.exceptions.NoSuchTableException;

/** Loads an added table's Iceberg table for a command; a catalog that fails is exit code 5 with the reason. */
public final class LakeReader {
  private final LakeTables lake;
  private final LakeSettings settings;

  LakeReader(LakeTables lake, LakeSettings settings) {
    this.lake = lake;
    this.settings = settings;
  }

  public static LakeReader open(LakeSettings settings) {
    return new LakeReader(new LakeTables(Connections.catalog(settings)), settings);
  }

  public LakeTables tables() {
    return lake;
  }

  /** The table; empty when the catalog has none of that name. */
  public Optional<Table> find(TableDescriptor table) {
    try {
      return Optional.of(load(table));
    } catch (NoSuchTableException e) {
      return Optional.empty();
    }
  }

  /**
   * The table's newest Mink snapshot and current schema, as {@code cluster stats} reports them.
   *
   * @throws NoSuchTableException when the catalog has no table of that name
   */
  public ClusterStats.LakeView view(TableDescriptor table) {
    TableMetadata metadata = metadata(load(table));
    return new ClusterStats.LakeView(MinkSnapshot.newest(metadata), metadata.schema());
  }

  public static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().current();
  }

  /**
   * The table.
   *
   * @throws NoSuchTableException when the catalog has none of that name
   */
  public Table load(TableDescriptor table) {
    try {
      return lake.load(TieringService.identifier(table));
    } catch (NoSuchTableException e) {
      throw e;
    } catch (RuntimeException e) {
      throw MinkException.external(
          "Cannot read table " + table.qualifiedName() + " from the "
              + settings.catalog() + " catalog at "
              + settings.location()
              + " (" + Connections.rootMessage(e) + "): check that the catalog is up",
          e);
    }
  }
}
