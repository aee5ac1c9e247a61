package io.mink.indexer.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.RestCatalogServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Iceberg's own REST catalog server, in a process of its own, with its warehouse on the local disk. */
class RestCatalogIT extends CatalogRoundTripSuite {
  @TempDir
  static Path directory;

  private static RestCatalogServer server;

  @BeforeAll
  static void startServer() {
    server = RestCatalogServer.start(directory.resolve("warehouse").toString());
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  LakeSettings settings() {
    return server.lakeSettings(Map.of());
  }

  @Test
  void tablesGoUnderTheServersWarehouse() {
    assertThat(lake().catalog()).isInstanceOf(RESTCatalog.class);
    var table = lake().create(identifier(), Map.of());

    assertThat(table.location()).startsWith(directory.resolve("warehouse").toString());
  }

  @Test
  void catalogServerThatStartsLateIsWaitedOut() throws Exception {
    int port = freePort();
    LakeSettings settings = new LakeSettings(
        "iceberg",
        "rest",
        "http://127.0.0.1:" + port,
        directory.resolve("late-warehouse").toString(),
        Map.of());
    CompletableFuture<RestCatalogServer> late = CompletableFuture.supplyAsync(() -> {
      sleep(1000);
      return RestCatalogServer.start(
          settings.warehouse(), Map.of(RestCatalogServer.PORT_PROPERTY, Integer.toString(port)));
    });
    try {
      try (RESTCatalog catalog = (RESTCatalog) CatalogLoader.load(settings)) {
        assertThat(catalog.listNamespaces()).isEmpty();
      }
    } finally {
      late.get(60, TimeUnit.SECONDS).close();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
