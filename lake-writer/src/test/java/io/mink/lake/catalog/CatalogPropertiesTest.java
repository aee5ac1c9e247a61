package io.mink.lake.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.io.LocalFileIO;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FileIO each catalog gets unless [lake.properties] names one. */
class CatalogPropertiesTest {
  @TempDir
  Path directory;

  @Test
  void jdbcCatalogWithAnS3WarehouseResolvesTheFileIoByScheme() {
    Map<String, String> properties = CatalogLoader.catalogProperties(new LakeSettings(
        "iceberg",
        "jdbc",
        "jdbc:sqlite:" + directory.resolve("catalog.db"),
        "s3://mink-lake/warehouse",
        Map.of("s3.endpoint", "http://127.0.0.1:9000")));

    assertThat(properties)
        .containsEntry(CatalogProperties.FILE_IO_IMPL, "org.apache.iceberg.io.ResolvingFileIO");
  }

  @Test
  void jdbcCatalogWithALocalWarehouseWritesLocalFiles() {
    Map<String, String> properties = CatalogLoader.catalogProperties(new LakeSettings(
        "iceberg",
        "jdbc",
        "jdbc:sqlite:" + directory.resolve("catalog.db"),
        directory.resolve("warehouse").toString(),
        Map.of()));

    assertThat(properties)
        .containsEntry(CatalogProperties.FILE_IO_IMPL, LocalFileIO.class.getName());
  }

  @Test
  void fileIoTheUserNamesIsKept() {
    Map<String, String> properties = CatalogLoader.catalogProperties(new LakeSettings(
        "iceberg",
        "jdbc",
        "jdbc:sqlite:" + directory.resolve("catalog.db"),
        "s3://mink-lake/warehouse",
        Map.of(CatalogProperties.FILE_IO_IMPL, "org.apache.iceberg.aws.s3.S3FileIO")));

    assertThat(properties)
        .containsEntry(CatalogProperties.FILE_IO_IMPL, "org.apache.iceberg.aws.s3.S3FileIO");
  }
}
