package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.catalog.CatalogLoader;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The object store and the REST catalog can be killed and started again with what they held, on the same port. */
class ChildServerRestartIT {
  @TempDir
  Path directory;

  @Test
  void aKilledObjectStoreStartsAgainWithItsObjects() {
    try (S3MockServer s3 = S3MockServer.start("lake")) {
      String endpoint = s3.endpoint();
      try (S3Client client = s3.newClient()) {
        client.putObject(
            request -> request.bucket("lake").key("a/b"), RequestBody.fromString("kept"));
      }

      s3.kill();
      assertThatThrownBy(() -> s3.keys("lake", "a/")).isInstanceOf(RuntimeException.class);
      s3.startAgain();

      assertThat(s3.endpoint()).isEqualTo(endpoint);
      assertThat(s3.keys("lake", "a/")).containsExactly("a/b");
    }
  }

  @Test
  void aKilledRestCatalogStartsAgainWithItsNamespaces() {
    try (RestCatalogServer rest =
        RestCatalogServer.start(directory.resolve("wh").toString())) {
      SupportsNamespaces catalog =
          (SupportsNamespaces) CatalogLoader.load(rest.lakeSettings(Map.of()));
      catalog.createNamespace(Namespace.of("kept"));

      rest.kill();
      assertThat(rest.isRunning()).isFalse();
      rest.startAgain();

      assertThat(catalog.listNamespaces()).contains(Namespace.of("kept"));
    }
  }
}
