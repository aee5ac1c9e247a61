package io.mink.lake.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.mink.retry.Backoff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.iceberg.aws.glue.GlueCatalog;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The glue catalog cannot be tried against AWS here: these tests show that Mink builds Iceberg's GlueCatalog from
 * [lake], that its properties reach the Glue client (its endpoint is a local port nobody listens on, so no request
 * leaves the machine), and that what Glue needs but lacks is named.
 */
class GlueCatalogSettingsTest {
  private static final String ANONYMOUS =
      "software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider";

  @Test
  void glueCatalogIsBuiltFromTheLakeProperties() throws Exception {
    int port = MisconfiguredCatalogTest.closedPort();
    LakeSettings settings = new LakeSettings(
        "iceberg",
        "glue",
        null,
        "s3://mink-lake/warehouse",
        Map.of(
            "client.region",
            "eu-west-1",
            "client.credentials-provider",
            ANONYMOUS,
            "glue.endpoint",
            "http://127.0.0.1:" + port,
            "glue.id",
            "123456789012"));

    Catalog catalog = CatalogLoader.load(settings);
    try {
      assertThat(catalog).isInstanceOf(GlueCatalog.class);
      assertThat(catalog.name()).isEqualTo(CatalogLoader.CATALOG_NAME);
      assertThatThrownBy(() -> ((GlueCatalog) catalog).listNamespaces())
          .isInstanceOf(SdkClientException.class)
          .hasMessageContaining("127.0.0.1:" + port);
    } finally {
      ((GlueCatalog) catalog).close();
    }
  }

  @Test
  void glueWarehouseOutsideS3IsRefused() {
    assertThatThrownBy(() -> CatalogLoader.load(
            new LakeSettings("iceberg", "glue", null, "/var/lib/mink", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "warehouse '/var/lib/mink' of the glue catalog is not an s3:// URI: Glue tables keep their files "
                + "in S3; set warehouse in [lake] to one such as s3://mink-lake/warehouse");
  }

  @Test
  void glueWithoutARegionSaysWhereToSetIt() {
    assumeThat(System.getenv("AWS_REGION")).as("AWS_REGION in the environment").isNull();
    assumeThat(System.getenv("AWS_DEFAULT_REGION"))
        .as("AWS_DEFAULT_REGION in the environment")
        .isNull();
    assumeThat(Files.exists(Path.of(System.getProperty("user.home"), ".aws", "config")))
        .as("~/.aws/config")
        .isFalse();
    String previous = System.setProperty("aws.disableEc2Metadata", "true");
    try {
      LakeSettings settings = new LakeSettings(
          "iceberg",
          "glue",
          null,
          "s3://mink-lake/warehouse",
          Map.of("client.credentials-provider", ANONYMOUS));

      assertThatThrownBy(
              () -> CatalogLoader.load(settings, new Backoff(1, Duration.ZERO, Duration.ZERO)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(
              "The glue catalog at s3://mink-lake/warehouse needs an AWS region (Unable to load region")
          .hasMessageEndingWith(
              "): set client.region in [lake.properties], or AWS_REGION in Mink's environment");
    } finally {
      if (previous == null) {
        System.clearProperty("aws.disableEc2Metadata");
      } else {
        System.setProperty("aws.disableEc2Metadata", previous);
      }
    }
  }
}
