package io.mink.indexer.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.testkit.RestCatalogServer;
import io.mink.testkit.S3MockServer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.io.ResolvingFileIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Iceberg's REST catalog server with its warehouse in an S3 bucket (S3Mock), and Mink writing the table's files
 * through S3FileIO with path-style access: both processes reach the same bucket, neither touches the local disk.
 */
class S3RestCatalogIT extends CatalogRoundTripSuite {
  private static final String BUCKET = "lake";
  private static final String WAREHOUSE = "s3://" + BUCKET + "/warehouse";
  private static S3MockServer s3;
  private static RestCatalogServer rest;

  @BeforeAll
  static void startServers() {
    s3 = S3MockServer.start(BUCKET);
    Map<String, String> server = new HashMap<>(s3.fileIoProperties());
    server.put("io-impl", S3FileIO.class.getName());
    rest = RestCatalogServer.start(WAREHOUSE, server);
  }

  @AfterAll
  static void stopServers() {
    try {
      if (rest != null) {
        rest.close();
      }
    } finally {
      if (s3 != null) {
        s3.close();
      }
    }
  }

  @Override
  LakeSettings settings() {
    Map<String, String> properties = new HashMap<>(s3.fileIoProperties());
    properties.put("io-impl", S3FileIO.class.getName());
    return rest.lakeSettings(properties);
  }

  @Test
  void dataManifestsAndMetadataLandInTheBucket() {
    LakeTables lake = lake();
    Table table = lake.create(
        identifier(), MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
    new LakeCommitter(CommitHook.NONE).commit(table, round(table, LakeOffsets.NONE, 3));

    assertThat(table.location()).isEqualTo(WAREHOUSE + "/kafka/" + identifier().name());
    assertThat(table.io()).isInstanceOf(S3FileIO.class);
    List<String> keys = s3.keys(BUCKET, "warehouse/kafka/" + identifier().name() + "/");
    assertThat(keys)
        .anySatisfy(key -> assertThat(key).contains("/data/").endsWith(".parquet"))
        .anySatisfy(key -> assertThat(key).contains("/metadata/").endsWith(".metadata.json"))
        .anySatisfy(key -> assertThat(key).contains("/metadata/").endsWith(".avro"));
    String dataFile =
        keys.stream().filter(key -> key.endsWith(".parquet")).findFirst().orElseThrow();
    assertThat(rows(lake().load(identifier()))).hasSize(3);
    assertThat(SnapshotChanges.builderFor(table)
            .snapshot(table.currentSnapshot())
            .build()
            .addedDataFiles())
        .extracting(file -> file.location())
        .containsExactly("s3://" + BUCKET + "/" + dataFile);
  }

  @Test
  void withoutIoImplTheDefaultResolvingFileIoPicksS3() {
    LakeSettings settings = rest.lakeSettings(s3.fileIoProperties());
    LakeTables lake = lake(settings);
    Table table = lake.create(
        identifier(), MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
    new LakeCommitter(CommitHook.NONE).commit(table, round(table, LakeOffsets.NONE, 4));

    assertThat(table.io()).isInstanceOf(ResolvingFileIO.class);
    assertThat(rows(lake.load(identifier()))).hasSize(4);
    assertThat(s3.keys(BUCKET, "warehouse/kafka/" + identifier().name() + "/data/"))
        .hasSize(1);
  }
}
