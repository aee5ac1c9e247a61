package io.mink.indexer.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Iceberg's Hadoop catalog: table metadata and files under a local warehouse directory, no catalog service. */
class HadoopCatalogIT extends CatalogRoundTripSuite {
  @TempDir
  static Path directory;

  @Override
  LakeSettings settings() {
    return new LakeSettings(
        "iceberg", "hadoop", null, directory.resolve("warehouse").toString(), Map.of());
  }

  @Test
  void tableMetadataLivesInTheWarehouseDirectoryWithAVersionHint() {
    LakeTables lake = lake();
    assertThat(lake.catalog()).isInstanceOf(HadoopCatalog.class);
    lake.create(identifier(), Map.of());

    Path metadata = directory
        .resolve("warehouse")
        .resolve("kafka")
        .resolve(identifier().name())
        .resolve("metadata");
    assertThat(metadata.resolve("version-hint.text")).isRegularFile();
    assertThat(metadata.resolve("v1.metadata.json")).isRegularFile();
  }

  @Test
  void fileUriWarehouseWorksLikeAPath() throws Exception {
    Path warehouse = directory.resolve("uri-warehouse");
    LakeSettings settings =
        new LakeSettings("iceberg", "hadoop", null, warehouse.toUri().toString(), Map.of());
    Catalog catalog = CatalogLoader.load(settings);
    try {
      Table table = new LakeTables(catalog)
          .create(identifier(), MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
      new LakeCommitter(CommitHook.NONE).commit(table, round(table, LakeOffsets.NONE, 2));

      assertThat(rows(catalog.loadTable(identifier()))).hasSize(2);
      assertThat(warehouse.resolve("kafka").resolve(identifier().name()).resolve("data"))
          .isDirectory();
    } finally {
      ((HadoopCatalog) catalog).close();
    }
  }
}
