package io.mink.indexer.stats;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A {@link MetricsSnapshot} in Prometheus' text exposition format 0.0.4, written by the Prometheus Java client:
 * families sorted by name, each with its HELP and TYPE, samples sorted by their labels, values as the client
 * writes doubles ({@code 1.0}, {@code 1.7179869184E10}). A family without samples is left out. The metrics
 * are described in docs/monitoring.md and built by {@link MetricFamilies}.
 */
public final class PrometheusText {
  public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

  private static final PrometheusTextFormatWriter WRITER = PrometheusTextFormatWriter.create();

  private PrometheusText() {}

  public static String render(MetricsSnapshot snapshot) {
    return write(MetricFamilies.of(snapshot));
  }

  static String write(MetricSnapshots families) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      WRITER.write(out, families);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write metrics to memory", e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
