package io.mink.bench.tiering;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples a sidecar's heap through its Prometheus endpoint (the {@code mink_jvm_heap_used_bytes} gauge of
 * /metrics, docs/monitoring.md) once a second, on a thread of its own. A sample shows the heap at one
 * moment, garbage included, so its peak is at most the GC log's; it is here to cross-check the log, and
 * it says whether the sidecar's HTTP server answered at all.
 */
final class HeapMetrics implements AutoCloseable {
  private static final String GAUGE = "mink_jvm_heap_used_bytes";
  private static final Duration INTERVAL = Duration.ofSeconds(1);

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
  private final HttpRequest request;
  private final AtomicLong peakBytes = new AtomicLong(-1);
  private final AtomicInteger samples = new AtomicInteger();
  private final Thread thread;
  private volatile boolean running = true;

  private HeapMetrics(int port, String name) {
    this.request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
        .timeout(Duration.ofSeconds(2))
        .GET()
        .build();
    this.thread = new Thread(this::poll, name);
    thread.setDaemon(true);
  }

  static HeapMetrics start(int port, int instance) {
    HeapMetrics metrics = new HeapMetrics(port, "heap-metrics-" + instance);
    metrics.thread.start();
    return metrics;
  }

  private void poll() {
    while (running) {
      try {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          long used = heapUsed(response.body());
          if (used >= 0) {
            samples.incrementAndGet();
            peakBytes.accumulateAndGet(used, Math::max);
          }
        }
      } catch (InterruptedException e) {
        return;
      } catch (Exception e) {
        // not listening (yet, or at all): the report says so
      }
      try {
        Thread.sleep(INTERVAL.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** The gauge's value in a Prometheus text body, -1 when absent. */
  static long heapUsed(String body) {
    for (String line : body.split("\n")) {
      if (line.startsWith(GAUGE + " ") || line.startsWith(GAUGE + "{")) {
        String value = line.substring(line.lastIndexOf(' ') + 1).trim();
        return (long) Double.parseDouble(value);
      }
    }
    return -1;
  }

  /** The largest heap sampled, -1 when /metrics never answered with the gauge. */
  long peakBytes() {
    return peakBytes.get();
  }

  int samples() {
    return samples.get();
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
