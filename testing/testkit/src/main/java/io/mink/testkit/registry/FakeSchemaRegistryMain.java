package io.mink.testkit.registry;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs a {@link FakeSchemaRegistry} as its own process until it is killed, so that tools outside
 * the JVM (the golden-bytes generators under {@code testing/testkit/src/test/js}) can register against it.
 *
 * <p>{@code FakeSchemaRegistryMain [port]}: the fake always opens a free port of its own; with a
 * port (1 to 65535) it is also served on 127.0.0.1 at that port by a relay that passes every
 * request and answer through unchanged. The first line printed is the URL to use.
 */
public final class FakeSchemaRegistryMain {
  private FakeSchemaRegistryMain() {}

  public static void main(String[] args) throws InterruptedException {
    int port = args.length == 0 ? 0 : parsePort(args[0]);
    FakeSchemaRegistry registry = FakeSchemaRegistry.start();
    HttpServer relay = port == 0 ? null : relay(port, URI.create(registry.url()));
    String url = relay == null
        ? registry.url()
        : "http://127.0.0.1:" + relay.getAddress().getPort();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(
            () -> {
              if (relay != null) {
                relay.stop(0);
              }
              registry.close();
              stopped.countDown();
            },
            "fake-schema-registry-shutdown"));
    System.out.println(url);
    System.out.println("Fake schema registry ready at " + url + "; stop it with Ctrl-C or kill "
        + ProcessHandle.current().pid());
    System.out.flush();
    stopped.await();
  }

  private static int parsePort(String text) {
    try {
      int port = Integer.parseInt(text);
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println(
        "Usage: FakeSchemaRegistryMain [port]: the port must be a number from 0 to 65535, got '"
            + text + "'");
    System.exit(2);
    throw new AssertionError("unreachable");
  }

  /** Serves 127.0.0.1:port by passing each request to the fake and its answer back, byte for byte. */
  private static HttpServer relay(int port, URI target) {
    HttpClient client = HttpClient.newHttpClient();
    ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "fake-schema-registry-relay");
      thread.setDaemon(true);
      return thread;
    });
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot open 127.0.0.1:" + port + " for the fake schema registry: "
              + "choose a free port, or none to use the fake's own",
          e);
    }
    server.createContext("/", exchange -> forward(client, target, exchange));
    server.setExecutor(executor);
    server.start();
    return server;
  }

  private static void forward(HttpClient client, URI target, HttpExchange exchange)
      throws IOException {
    try (exchange) {
      URI uri = target.resolve(exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null
              ? ""
              : "?" + exchange.getRequestURI().getRawQuery()));
      byte[] body = exchange.getRequestBody().readAllBytes();
      HttpRequest.Builder request = HttpRequest.newBuilder(uri)
          .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      for (String header : List.of("Content-Type", "Accept", "Authorization")) {
        String value = exchange.getRequestHeaders().getFirst(header);
        if (value != null) {
          request.header(header, value);
        }
      }
      HttpResponse<byte[]> response;
      try {
        response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        exchange.sendResponseHeaders(503, -1);
        return;
      }
      response
          .headers()
          .firstValue("Content-Type")
          .ifPresent(value -> exchange.getResponseHeaders().set("Content-Type", value));
      response
          .headers()
          .firstValue("WWW-Authenticate")
          .ifPresent(value -> exchange.getResponseHeaders().set("WWW-Authenticate", value));
      byte[] answer = response.body();
      exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
      exchange.getResponseBody().write(answer);
    }
  }
}
