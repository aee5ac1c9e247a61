package io.mink.schema.registry;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;

/**
 * A local HTTP server with canned answers by request path, recording what it was sent. Unit tests
 * of the registry clients use it; the faithful registry is testkit's FakeSchemaRegistry.
 */
final class StubHttpServer implements AutoCloseable {
  /** A canned answer. */
  record Answer(int status, String body, long delayMillis) {
    static Answer json(int status, String body) {
      return new Answer(status, body, 0);
    }
  }

  /** A request as received. */
  record Request(String method, String rawPath, Map<String, List<String>> headers, String body) {
    String header(String name) {
      for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
        if (entry.getKey().equalsIgnoreCase(name)) {
          return entry.getValue().get(0);
        }
      }
      return null;
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private volatile Answer fallback =
      Answer.json(404, "{\"error_code\":404,\"message\":\"HTTP 404 Not Found\"}");

  private StubHttpServer(HttpServer server) {
    this.server = server;
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  static StubHttpServer http() {
    try {
      return new StubHttpServer(
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static StubHttpServer https(SSLContext context, boolean needClientAuth) {
    try {
      HttpsServer server =
          HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.setHttpsConfigurator(new HttpsConfigurator(context) {
        @Override
        public void configure(HttpsParameters params) {
          var parameters = context.getDefaultSSLParameters();
          parameters.setNeedClientAuth(needClientAuth);
          params.setSSLParameters(parameters);
        }
      });
      return new StubHttpServer(server);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Answers GETs of this raw path (with query, if any). */
  StubHttpServer on(String rawPath, int status, String body) {
    answers.put(rawPath, Answer.json(status, body));
    return this;
  }

  StubHttpServer on(String rawPath, Answer answer) {
    answers.put(rawPath, answer);
    return this;
  }

  /** Answers every path that has no answer of its own. */
  StubHttpServer otherwise(int status, String body) {
    fallback = Answer.json(status, body);
    return this;
  }

  String url() {
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://localhost:" + server.getAddress().getPort();
  }

  URI uri() {
    return URI.create(url());
  }

  List<Request> requests() {
    return List.copyOf(requests);
  }

  List<String> paths() {
    return requests.stream().map(Request::rawPath).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String rawPath = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null
              ? ""
              : "?" + exchange.getRequestURI().getRawQuery());
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      requests.add(new Request(
          exchange.getRequestMethod(), rawPath, Map.copyOf(exchange.getRequestHeaders()), body));
      Answer answer = answers.getOrDefault(rawPath, fallback);
      if (answer.delayMillis() > 0) {
        try {
          Thread.sleep(answer.delayMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
      boolean aws = exchange.getRequestHeaders().containsKey("X-Amz-Target");
      exchange
          .getResponseHeaders()
          .set(
              "Content-Type",
              aws ? "application/x-amz-json-1.1" : "application/vnd.schemaregistry.v1+json");
      exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        exchange.getResponseBody().write(bytes);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
