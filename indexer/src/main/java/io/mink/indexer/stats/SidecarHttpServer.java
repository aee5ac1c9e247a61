package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mink.schema.secret.KnownSecrets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar's HTTP server, on the JDK's own server: GET /metrics (Prometheus text), GET /health (200 while the
 * process runs) and GET /ready (200 when the instance is ready, else 503 with the reason).
 */
public final class SidecarHttpServer implements AutoCloseable {
  /** Prometheus text. */
  public static final String METRICS_PATH = "/metrics";
  /** 200 while the process runs: a liveness check. */
  public static final String HEALTH_PATH = "/health";
  /** 200 when the instance is ready, else 503 with the reason: a readiness check. */
  public static final String READY_PATH = "/ready";

  private static final Logger LOG = LoggerFactory.getLogger(SidecarHttpServer.class);
  private static final String TEXT = "text/plain; charset=utf-8";

  private final HttpServer server;
  private final ExecutorService executor;
  private final Supplier<String> metrics;
  private final Readiness readiness;

  private SidecarHttpServer(
      HttpServer server, ExecutorService executor, Supplier<String> metrics, Readiness readiness) {
    this.server = server;
    this.executor = executor;
    this.metrics = metrics;
    this.readiness = readiness;
  }

  /**
   * Starts serving.
   *
   * @param bindAddress the address to listen on, such as 0.0.0.0
   * @param port the port; 0 for one the system picks (see {@link #address()})
   * @param metrics the /metrics text in Prometheus' format, made at each request
   * @throws IllegalArgumentException when the address cannot be listened on, such as a port in use; the message
   *     says which setting to change
   */
  public static SidecarHttpServer start(
      String bindAddress, int port, Supplier<String> metrics, Readiness readiness) {
    requireNonNull(bindAddress, "bindAddress is null");
    requireNonNull(metrics, "metrics is null");
    requireNonNull(readiness, "readiness is null");
    InetSocketAddress address = new InetSocketAddress(bindAddress, port);
    if (address.isUnresolved()) {
      throw new IllegalArgumentException(
          "Cannot listen on " + bindAddress + ":" + port + " for /metrics, /health "
              + "and /ready: " + bindAddress
              + " is no address of this host. Set http_bind_address in [indexer] to one, "
              + "such as 0.0.0.0 for every interface");
    }
    HttpServer server;
    try {
      server = HttpServer.create(address, 16);
    } catch (BindException e) {
      throw new IllegalArgumentException(
          "Cannot listen on " + bindAddress + ":" + port + " for /metrics, /health "
              + "and /ready (" + e.getMessage()
              + "): set http_port in [indexer] (or MINK_INDEXER_HTTP_PORT) to a free "
              + "port, or 0 to turn the HTTP server off",
          e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot listen on " + bindAddress + ":" + port + " for /metrics, /health "
              + "and /ready (" + e.getMessage()
              + "): check http_bind_address and http_port in [indexer]",
          e);
    }
    AtomicInteger threads = new AtomicInteger();
    ExecutorService executor = Executors.newFixedThreadPool(2, task -> {
      Thread thread = new Thread(task, "mink-http-" + threads.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
    SidecarHttpServer sidecar = new SidecarHttpServer(server, executor, metrics, readiness);
    server.createContext("/", sidecar::handle);
    server.setExecutor(executor);
    server.start();
    LOG.info("Serving /metrics, /health and /ready on {}", server.getAddress());
    return sidecar;
  }

  /** The address the server listens on, with the port the system picked when asked for 0. */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      if (!method.equals("GET") && !method.equals("HEAD")) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        respond(exchange, 405, TEXT, "Method " + method + " is not allowed: use GET\n");
        return;
      }
      switch (exchange.getRequestURI().getPath()) {
        case METRICS_PATH -> metrics(exchange);
        case HEALTH_PATH -> respond(exchange, 200, TEXT, "ok\n");
        case READY_PATH -> ready(exchange);
        default ->
          respond(exchange, 404, TEXT, "Not found: Mink serves /metrics, /health and /ready\n");
      }
    }
  }

  private void metrics(HttpExchange exchange) throws IOException {
    String text;
    try {
      text = metrics.get();
    } catch (RuntimeException e) {
      LOG.warn("Cannot make the metrics for a scrape", e);
      respond(exchange, 500, TEXT, "Cannot make the metrics: " + e + "\n");
      return;
    }
    respond(exchange, 200, PrometheusText.CONTENT_TYPE, text);
  }

  private void ready(HttpExchange exchange) throws IOException {
    Optional<String> reason;
    try {
      reason = readiness.notReadyReason();
    } catch (RuntimeException e) {
      reason = Optional.of("the readiness check failed: " + e);
    }
    if (reason.isEmpty()) {
      respond(exchange, 200, TEXT, "ready\n");
    } else {
      respond(exchange, 503, TEXT, "not ready: " + reason.get() + "\n");
    }
  }

  private static void respond(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = KnownSecrets.scrub(body).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    if (exchange.getRequestMethod().equals("HEAD")) {
      exchange.getResponseHeaders().set("Content-Length", Integer.toString(bytes.length));
      exchange.sendResponseHeaders(status, -1);
      return;
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Stops listening at once; a request being answered is cut off. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
