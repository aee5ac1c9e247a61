package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SidecarHttpServerTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final AtomicReference<Optional<String>> notReady =
      new AtomicReference<>(Optional.of("joining the " + "ownership group"));

  @Test
  void metricsHealthAndReadinessAnswerOnAnEphemeralPort() throws Exception {
    try (SidecarHttpServer server =
        SidecarHttpServer.start("127.0.0.1", 0, () -> "mink_owned_tables 3\n", notReady::get)) {
      assertThat(server.address().getPort()).isPositive();

      HttpResponse<String> metrics = get(server, "/metrics");
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.headers().firstValue("Content-Type"))
          .contains("text/plain; version=0.0.4; charset=utf-8");
      assertThat(metrics.body()).isEqualTo("mink_owned_tables 3\n");

      HttpResponse<String> health = get(server, "/health");
      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(health.body()).isEqualTo("ok\n");

      HttpResponse<String> joining = get(server, "/ready");
      assertThat(joining.statusCode()).isEqualTo(503);
      assertThat(joining.body()).isEqualTo("not ready: joining the ownership group\n");

      notReady.set(Optional.empty());
      HttpResponse<String> ready = get(server, "/ready");
      assertThat(ready.statusCode()).isEqualTo(200);
      assertThat(ready.body()).isEqualTo("ready\n");
    }
  }

  @Test
  void otherPathsAndMethodsAreRefused() throws Exception {
    try (SidecarHttpServer server =
        SidecarHttpServer.start("127.0.0.1", 0, () -> "", Readiness.ALWAYS)) {
      HttpResponse<String> unknown = get(server, "/metrics/extra");
      assertThat(unknown.statusCode()).isEqualTo(404);
      assertThat(unknown.body()).isEqualTo("Not found: Mink serves /metrics, /health and /ready\n");

      HttpResponse<String> post = client.send(
          HttpRequest.newBuilder(uri(server, "/metrics"))
              .POST(HttpRequest.BodyPublishers.ofString("x"))
              .build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(post.statusCode()).isEqualTo(405);
      assertThat(post.headers().firstValue("Allow")).contains("GET, HEAD");
    }
  }

  @Test
  void failingMetricsAnswer500AndTheServerGoesOn() throws Exception {
    try (SidecarHttpServer server = SidecarHttpServer.start(
        "127.0.0.1",
        0,
        () -> {
          throw new IllegalStateException("board gone");
        },
        Readiness.ALWAYS)) {
      HttpResponse<String> metrics = get(server, "/metrics");

      assertThat(metrics.statusCode()).isEqualTo(500);
      assertThat(metrics.body()).contains("board gone");
      assertThat(get(server, "/health").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void portInUseSaysWhichSettingToChange() {
    try (SidecarHttpServer first =
        SidecarHttpServer.start("127.0.0.1", 0, () -> "", Readiness.ALWAYS)) {
      int port = first.address().getPort();

      assertThatThrownBy(
              () -> SidecarHttpServer.start("127.0.0.1", port, () -> "", Readiness.ALWAYS))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(
              "Cannot listen on 127.0.0.1:" + port + " for /metrics, /health and /ready (")
          .hasMessageEndingWith(
              "): set http_port in [indexer] (or MINK_INDEXER_HTTP_PORT) to a free port, or 0 to "
                  + "turn the HTTP server off");
    }
  }

  private HttpResponse<String> get(SidecarHttpServer server, String path) throws Exception {
    return client.send(
        HttpRequest.newBuilder(uri(server, path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(SidecarHttpServer server, String path) {
    return URI.create("http://127.0.0.1:" + server.address().getPort() + path);
  }
}
